import './panel.css';
export type PanelView = 'chat' | 'sessions' | 'settings';

interface AppHeaderProps {
  view: PanelView;
  onNewChat: () => void;
  onToggleSessions: () => void;
  onToggleSettings: () => void;
}

export function AppHeader({ view, onNewChat, onToggleSessions, onToggleSettings }: AppHeaderProps) {
  return (
    <header className="app-header">
      <h1 className="app-name">Gleaner</h1>
      <nav className="header-actions" aria-label="Panel">
        <button type="button" onClick={onNewChat}>
          New chat
        </button>
        <button type="button" aria-expanded={view === 'sessions'} onClick={onToggleSessions}>
          Sessions
        </button>
        <button type="button" aria-pressed={view === 'settings'} onClick={onToggleSettings}>
          Settings
        </button>
      </nav>
    </header>
  );
}
