import { useState } from 'react';
import { useTabAttachments } from '../../components/chat/use-tab-attachments';
import { AppHeader, type PanelView } from '../../components/panel/app-header';
import { SessionList } from '../../components/sessions/session-list';
import { SettingsScreen } from '../../components/settings/settings-screen';
import { exemptPrivateHost, revokeGrant } from '../../hooks/grant-commands';
import { sendCommand } from '../../hooks/send-command';
import { sessionTransfer } from '../../hooks/session-transfer';
import {
  detectLocalServersFromForm,
  saveSettingsFromForm,
  testConnectionFromForm,
} from '../../hooks/settings-form-actions';
import { toolsActions } from '../../hooks/tools-actions';
import { useCustomTools } from '../../hooks/use-custom-tools';
import { useFocusRequest } from '../../hooks/use-focus-request';
import { useGrants } from '../../hooks/use-grants';
import { useHasActiveRun } from '../../hooks/use-has-active-run';
import { useKeepAlive } from '../../hooks/use-keep-alive';
import { useSelectedSession } from '../../hooks/use-selected-session';
import { useSessionList } from '../../hooks/use-session-list';
import { useSettings } from '../../hooks/use-settings';
import { useUiLanguage } from '../../hooks/use-ui-language';
import { useWindowTabs } from '../../hooks/use-window-tabs';
import { t } from '../../lib/i18n/translate';
import { isConfigured, type Settings } from '../../lib/settings/schema';
import { describeSetup, providerName } from '../../lib/settings/setup-problem';
import { ChatScreen } from './chat-screen';

export function App() {
  const settings = useSettings();
  const language = useUiLanguage(settings);
  const customTools = useCustomTools();
  const sessions = useSessionList();
  const [selectedId, select] = useSelectedSession(sessions);
  const [view, setView] = useState<PanelView>('chat');
  const [listError, setListError] = useState<string>();
  /** The settings of a successful Save, told in the chat as "Ready: gpt-4o-mini on OpenAI". */
  const [ready, setReady] = useState<Settings>();
  const [draft, setDraft] = useState('');
  const [searchWeb, setSearchWeb] = useState(false);
  const attachments = useTabAttachments(useWindowTabs(), searchWeb);
  const grants = useGrants();
  useKeepAlive(useHasActiveRun(selectedId));
  // The worker started a chat itself (context menu, keyboard shortcut): show it.
  useFocusRequest((sessionId) => {
    select(sessionId);
    setSearchWeb(false);
    setView('chat');
  });
  const toggle = (target: PanelView) => setView(view === target ? 'chat' : target);

  async function rename(sessionId: string, title: string) {
    const result = await sendCommand({ type: 'renameSession', sessionId, title });
    return result.ok ? undefined : result.error;
  }

  async function remove(sessionId: string) {
    const result = await sendCommand({ type: 'deleteSession', sessionId });
    setListError(result.ok ? undefined : result.error);
    if (result.ok && sessionId === selectedId) {
      // The open session is gone: open the next one in the list (or the one before it).
      const list = sessions ?? [];
      const at = list.findIndex((session) => session.id === sessionId);
      const next = list[at + 1] ?? list[at - 1];
      select(next && next.id !== sessionId ? next.id : null);
    }
  }

  return (
    <div className="app" key={language}>
      <AppHeader
        view={view}
        onNewChat={() => {
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
            key={selectedId ?? 'new'}
            sessionId={selectedId}
            configured={settings && isConfigured(settings)}
            text={draft}
            onTextChange={setDraft}
            searchWeb={searchWeb}
            onSearchWebChange={setSearchWeb}
            attachments={attachments}
            onSelect={select}
            onOpenSettings={() => setView('settings')}
            onOpenSessions={() => setView('sessions')}
            ready={ready && t('readyStatus', describeSetup(ready))}
            enterSends={!settings?.sendWithCtrlEnter}
            providerName={settings && providerName(settings)}
          />
        )}
        {view === 'sessions' && (
          <div className="screen">
            {listError && <p role="alert">{listError}</p>}
            <SessionList
              sessions={sessions}
              currentId={selectedId}
              onOpen={(id) => {
                // Another session: its own last message says whether it searched the web.
                if (id !== selectedId) setSearchWeb(false);
                select(id);
                setView('chat');
              }}
              onRename={rename}
              onDelete={(id) => void remove(id)}
              transfer={sessionTransfer}
            />
          </div>
        )}
        {view === 'settings' && (
          <div className="screen">
            <SettingsScreen
              settings={settings}
              onSave={saveSettingsFromForm}
              onTestConnection={testConnectionFromForm}
              grants={grants}
              onRevokeGrant={revokeGrant}
              onExemptHost={exemptPrivateHost}
              tools={{ custom: customTools, actions: toolsActions }}
              onBack={() => setView('chat')}
              onDetect={detectLocalServersFromForm}
              onSaved={(saved) => {
                setReady(saved);
                setView('chat');
              }}
            />
          </div>
        )}
      </main>
    </div>
  );
}
