import { useCallback, useRef, useState } from 'react';
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

  // The rows' actions stay the same functions while the list changes, so rows whose session did
  // not change are not drawn again; they read the list and the selection as they are when used.
  const latest = useRef({ sessions, selectedId, select });
  latest.current = { sessions, selectedId, select };

  const rename = useCallback(async (sessionId: string, title: string) => {
    const result = await sendCommand({ type: 'renameSession', sessionId, title });
    return result.ok ? undefined : result.error;
  }, []);

  const remove = useCallback(async (sessionId: string) => {
    const result = await sendCommand({ type: 'deleteSession', sessionId });
    setListError(result.ok ? undefined : result.error);
    const { sessions, selectedId, select } = latest.current;
    if (result.ok && sessionId === selectedId) {
      // The open session is gone: open the next one in the list (or the one before it).
      const list = sessions ?? [];
      const at = list.findIndex((session) => session.id === sessionId);
      const next = list[at + 1] ?? list[at - 1];
      select(next && next.id !== sessionId ? next.id : null);
    }
  }, []);
  const removeNow = useCallback((sessionId: string) => void remove(sessionId), [remove]);

  return (
    <div className="screen">
      {listError && <p role="alert">{listError}</p>}
      <SessionList
        sessions={sessions}
        complete={complete}
        currentId={selectedId}
        onOpen={onOpen}
        onRename={rename}
        onDelete={removeNow}
        transfer={sessionTransfer}
        importProgress={importProgress}
      />
    </div>
  );
}
