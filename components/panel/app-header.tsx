import { t } from '../../lib/i18n/translate';
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
      <h1 className="app-name">{t('name')}</h1>
      <nav className="header-actions" aria-label={t('headerNav')}>
        <button type="button" onClick={onNewChat}>
          {t('newChat')}
        </button>
        <button type="button" aria-expanded={view === 'sessions'} onClick={onToggleSessions}>
          {t('sessions')}
        </button>
        <button type="button" aria-pressed={view === 'settings'} onClick={onToggleSettings}>
          {t('settings')}
        </button>
      </nav>
    </header>
  );
}
