import { useEffect, useState } from 'react';
import { type LocalText, storedSentence } from '../lib/i18n/local-text';
import { getPortClient } from '../lib/messaging/port-client';

/**
 * What the worker said about full browser storage for this session: the sentence while its
 * answer cannot be saved (in the chosen language), nothing once a write succeeds again. It
 * comes over the Port because the database is what is full.
 */
export function useStorageFull(sessionId: string | undefined): string | undefined {
  const [notice, setNotice] = useState<{ sessionId: string; message: string; i18n?: LocalText }>();
  useEffect(() => {
    const client = getPortClient();
    client.connect();
    return client.onStorageFull((event) => {
      setNotice((current) => {
        if (event.message) {
          return { sessionId: event.sessionId, message: event.message, i18n: event.i18n };
        }
        return current?.sessionId === event.sessionId ? undefined : current;
      });
    });
  }, []);
  return notice && notice.sessionId === sessionId
    ? storedSentence(notice.message, notice.i18n)
    : undefined;
}
