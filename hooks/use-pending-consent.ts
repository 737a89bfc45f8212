import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { ConsentRequestRecord } from '../lib/db/records';

/**
 * The oldest pending consent request of the open session's runs (or of its Fetch Analysis
 * sessions, whose sub-agent asks on behalf of the same answer). Read live: the card goes as soon
 * as the stored status changes, whoever answered. Pending requests are few, so the status index
 * is the narrowest way in.
 */
export function usePendingConsent(
  runIds: readonly string[],
  sessionIds: readonly string[],
): ConsentRequestRecord | undefined {
  const runKey = runIds.join('\n');
  const sessionKey = sessionIds.join('\n');
  return useLiveQuery(async () => {
    const runs = new Set(runKey ? runKey.split('\n') : []);
    const sessions = new Set(sessionKey ? sessionKey.split('\n') : []);
    if (runs.size === 0 && sessions.size === 0) return undefined;
    const pending = await getDatabase()
      .consentRequests.where('status')
      .equals('pending')
      .filter((request) => runs.has(request.runId) || sessions.has(request.sessionId))
      .toArray();
    return pending.sort((a, b) => a.createdAt - b.createdAt)[0];
  }, [runKey, sessionKey]);
}
