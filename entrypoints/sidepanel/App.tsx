import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTabAttachments } from '../../components/chat/use-tab-attachments';
import { AppHeader, type PanelView } from '../../components/panel/app-header';
import { lazyModule, useLazyModule } from '../../components/shared/lazy-module';
import { preloadMarkdown } from '../../components/shared/markdown';
import { whenQuiet } from '../../components/shared/when-quiet';
import { keepNewestSessionsAhead } from '../../hooks/newest-sessions-ahead';
import { useFocusRequest } from '../../hooks/use-focus-request';
import { useHasActiveRun } from '../../hooks/use-has-active-run';
import { useKeepAlive } from '../../hooks/use-keep-alive';
import { useReadAhead } from '../../hooks/use-read-ahead';
import { useSelectedSession } from '../../hooks/use-selected-session';
import { useSettings } from '../../hooks/use-settings';
import { useUiLanguage } from '../../hooks/use-ui-language';
import { useWindowTabs } from '../../hooks/use-window-tabs';
import { getDatabase } from '../../lib/db/database';
import { t } from '../../lib/i18n/translate';
import { isConfigured, type Settings as SavedSettings } from '../../lib/settings/schema';
import { describeSetup, providerName } from '../../lib/settings/setup-problem';
import { ChatScreen } from './chat-screen';
import { SessionsView } from './sessions-view';

// The Settings screen is a chunk of its own (its forms and their schemas are large), fetched
// ahead of need only once the user has paused; the Sessions screen is small and comes with the
// app, so opening the list never waits for code.
const settingsView = lazyModule(() => import('./settings-view'));

/** How long the user must have been still before code they may never need is loaded. */
const QUIET_MS = 1_000;

/**
 * The Markdown parser is fetched as soon as the app is up: the chat usually opens on a session
 * whose answers need it, and loading it later would land in whatever the user clicked next
 * (the session list measured 20-50 ms slower with it landing there). The Settings screen's
 * code waits for a pause, for the same reason. The newest page of the session list is read
 * ahead, and read again after a pause once a session changed.
 */
function usePreloadScreens() {
  useEffect(() => {
    void preloadMarkdown();
    const stopSettings = whenQuiet(() => void settingsView.load(), QUIET_MS);
    const stopSessions = keepNewestSessionsAhead(getDatabase(), (work) =>
      whenQuiet(work, QUIET_MS),
    );
    return () => {
      stopSettings();
      stopSessions();
    };
  }, []);
}

interface AppProps {
  /** The composer's text; it lives above the app, so what was typed in the shell stays. */
  draft: string;
  onDraftChange: Dispatch<SetStateAction<string>>;
  /** The composer's Search the web toggle; above the app like the text, and reset on send. */
  searchWeb: boolean;
  onSearchWebChange: Dispatch<SetStateAction<boolean>>;
  /** The view a header button asked for before the app arrived. */
  initialView: PanelView;
  /** New chat was pressed before the app arrived: it opens on a new chat, not the last one. */
  startWithNewChat: boolean;
  /** Send was pressed in the shell: the chat sends the draft once it knows its session. */
  sendQueued: boolean;
  onQueuedSendTaken: () => void;
}

export function App(props: AppProps) {
  const { draft, onDraftChange: setDraft, searchWeb, onSearchWebChange: setSearchWeb } = props;
  const settings = useSettings();
  const language = useUiLanguage(settings);
  const [selectedId, select, selectionKnown] = useSelectedSession();
  const startedNew = useRef(props.startWithNewChat);
  useEffect(() => {
    if (!startedNew.current) return;
    startedNew.current = false;
    select(null);
  }, [select]);
  const [view, setView] = useState<PanelView>(props.initialView);
  // A new chat keeps its screen when the worker names its session: drawn anew then, the whole
  // chat would be built and read again while the first answer's request is leaving. Each New
  // chat is a screen of its own.
  const [newChat, setNewChat] = useState<{ count: number; sessionId?: string }>({ count: 0 });
  const chatKey =
    selectedId == null || selectedId === newChat.sessionId ? `new ${newChat.count}` : selectedId;
  /** The settings of a successful Save, told in the chat as "Ready: gpt-4o-mini on OpenAI". */
  const [ready, setReady] = useState<SavedSettings>();
  const attachments = useTabAttachments(useWindowTabs(), searchWeb);
  useReadAhead(attachments.current, settings?.readAhead);
  useKeepAlive(useHasActiveRun(selectedId));
  // The worker started a chat itself (context menu, keyboard shortcut): show it.
  useFocusRequest((sessionId) => {
    select(sessionId);
    setSearchWeb(false);
    setView('chat');
  });
  usePreloadScreens();
  const Settings = useLazyModule(settingsView, view === 'settings')?.SettingsView;
  const toggle = (target: PanelView) => setView(view === target ? 'chat' : target);

  return (
    <div className="app" key={language}>
      <AppHeader
        view={view}
        onNewChat={() => {
          setNewChat(({ count }) => ({ count: count + 1 }));
          select(null);
          setSearchWeb(false);
          setView('chat');
        }}
        onToggleSessions={() => toggle('sessions')}
        onToggleSettings={() => toggle('settings')}
      />
      <main className="app-main">
        {view === 'chat' && (
          <ChatScreen
            key={chatKey}
            sessionId={selectedId}
            configured={settings && isConfigured(settings)}
            text={draft}
            onTextChange={setDraft}
            searchWeb={searchWeb}
            onSearchWebChange={setSearchWeb}
            attachments={attachments}
            onSelect={select}
            onCreated={(sessionId) => {
              if (selectedId == null) setNewChat(({ count }) => ({ count, sessionId }));
              select(sessionId);
            }}
            onOpenSettings={() => setView('settings')}
            onOpenSessions={() => setView('sessions')}
            ready={ready && t('readyStatus', describeSetup(ready))}
            enterSends={!settings?.sendWithCtrlEnter}
            providerName={settings && providerName(settings)}
            sendQueued={props.sendQueued && selectionKnown}
            onQueuedSendTaken={props.onQueuedSendTaken}
          />
        )}
        {view === 'sessions' && (
          <SessionsView
            selectedId={selectedId}
            select={select}
            onOpen={(id) => {
              // Another session: its own last message says whether it searched the web.
              if (id !== selectedId) setSearchWeb(false);
              select(id);
              setView('chat');
            }}
          />
        )}
        {Settings && (
          <Settings
            settings={settings}
            onBack={() => setView('chat')}
            onSaved={(saved) => {
              setReady(saved);
              setView('chat');
            }}
          />
        )}
      </main>
    </div>
  );
}
