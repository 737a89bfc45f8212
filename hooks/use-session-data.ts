import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { getDatabase } from '../lib/db/database';
import { type ChatRead, keptChatRead, readChat } from './read-chat';

/**
 * What the chat view shows for one session, read live from what the worker stored: one read
 * (readChat) each time the worker commits a change to it, so the chat draws once per change.
 * Steps are read only for the runs that need them (runsToRead): a finished answer's footer comes
 * from its run's stored totals, and its steps are read when its Activity is opened. Records that
 * did not change keep their identity from one read to the next.
 */
export function useSessionData(
  sessionId: string | null,
  openActivities: ReadonlySet<string>,
): ChatRead | undefined {
  const last = useRef<ChatRead | undefined>(undefined);
  const openKey = [...openActivities].sort().join('\n');
  return useLiveQuery(async () => {
    if (!sessionId) return undefined;
    const opened = new Set(openKey ? openKey.split('\n') : []);
    last.current = keptChatRead(last.current, await readChat(getDatabase(), sessionId, opened));
    return last.current;
  }, [sessionId, openKey]);
}
