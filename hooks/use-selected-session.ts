import { useCallback, useEffect, useState } from 'react';
import type { SessionRecord } from '../lib/db/records';

const KEY = 'gleaner.selectedSession';
/** Stored when the user chose New chat, so a reload does not jump back to an old session. */
const NEW_CHAT = 'new';

function read(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, value: string) {
  try {
    storage?.setItem(KEY, value);
  } catch {
    // Storage can be unavailable (disabled site data); the selection then lasts for this page.
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * The open session: null is a new chat. It survives a reload (sessionStorage) and reopening the
 * panel, which starts a fresh document and so a fresh sessionStorage (localStorage remembers the
 * last session opened anywhere). With nothing remembered, the newest session opens.
 */
export function useSelectedSession(sessions: SessionRecord[] | undefined) {
  const [selected, setSelected] = useState<string | null | undefined>(() => {
    const remembered = read(session());
    if (remembered) return remembered === NEW_CHAT ? null : remembered;
    return undefined;
  });

  useEffect(() => {
    if (selected !== undefined || !sessions) return;
    const last = read(local());
    const lastStillThere = sessions.some((candidate) => candidate.id === last);
    setSelected(lastStillThere && last ? last : (sessions[0]?.id ?? null));
  }, [selected, sessions]);

  const select = useCallback((id: string | null) => {
    setSelected(id);
    write(session(), id ?? NEW_CHAT);
    if (id) write(local(), id);
  }, []);

  return [selected ?? null, select, selected !== undefined] as const;
}
