import { useState } from 'react';
import { SessionList } from '../../components/sessions/session-list';
import { sendCommand } from '../../hooks/send-command';
import { sessionTransfer } from '../../hooks/session-transfer';
import { useImportProgress } from '../../hooks/use-import-progress';
import { useSessionList } from '../../hooks/use-session-list';

interface SessionsViewProps {
  selectedId: string | null;
  select: (sessionId: string | null) => void;
  /** A session was chosen in the list: the panel goes back to the chat with it open. */
  onOpen: (sessionId: string) => void;
}

/**
 * The Sessions screen. It reads the list only when opened, so a panel that starts in the chat
 * does not read every session before the composer works.
 */
export function SessionsView({ selectedId, select, onOpen }: SessionsViewProps) {
  const { sessions, complete } = useSessionList();
  const [listError, setListError] = useState<string>();
  const importProgress = useImportProgress();

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
    <div className="screen">
      {listError && <p role="alert">{listError}</p>}
      <SessionList
        sessions={sessions}
        complete={complete}
        currentId={selectedId}
        onOpen={onOpen}
        onRename={rename}
        onDelete={(id) => void remove(id)}
        transfer={sessionTransfer}
        importProgress={importProgress}
      />
    </div>
  );
}
