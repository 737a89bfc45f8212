import { Composer } from '../chat/composer';
import { AppHeader, type PanelView } from './app-header';
import '../chat/chat.css';

const NO_TABS: never[] = [];
const ignore = () => undefined;

interface PanelShellProps {
  text: string;
  onTextChange: (text: string) => void;
  searchWeb: boolean;
  onSearchWebChange: (on: boolean) => void;
  /** Send pressed before the rest of the panel arrived: the panel sends once it has. */
  onSend: () => void;
  /** A header button pressed before the rest of the panel arrived: the panel opens that view. */
  onView: (view: PanelView) => void;
  /** New chat pressed before the rest of the panel arrived: it opens on a new chat. */
  onNewChat: () => void;
  /** A send is waiting for the rest of the panel: the composer shows it as on its way. */
  sending: boolean;
}

/**
 * The panel as it first paints: the header and a composer the user can type in at once, while
 * the code that reads sessions and settings is still loading. The same header and composer take
 * over when it arrives, with the text, the toggle and the focus carried over.
 */
export function PanelShell(props: PanelShellProps) {
  const { text, onTextChange, searchWeb, onSearchWebChange, onSend, onView, onNewChat, sending } =
    props;
  return (
    <div className="app">
      <AppHeader
        view="chat"
        onNewChat={onNewChat}
        onToggleSessions={() => onView('sessions')}
        onToggleSettings={() => onView('settings')}
      />
      <main className="app-main">
        <div className="chat">
          <div className="chat-scroll" />
          <Composer
            text={text}
            onTextChange={onTextChange}
            running={false}
            busy={sending}
            tabs={NO_TABS}
            attached={NO_TABS}
            currentTabId={undefined}
            onAttach={ignore}
            onDetach={ignore}
            searchWeb={searchWeb}
            onSearchWebChange={onSearchWebChange}
            onSend={onSend}
            onStop={ignore}
          />
        </div>
      </main>
    </div>
  );
}
