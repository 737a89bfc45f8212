import { useCallback, useEffect, useState } from 'react';
import { type GleanerDatabase, getDatabase } from '../lib/db/database';

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
 * The session a panel opens with nothing chosen in it yet: the last one opened anywhere if it is
 * still there, else the newest; null when there are none. Two reads by index, never the list.
 */
export async function sessionToOpen(
  db: GleanerDatabase,
  last: string | undefined,
): Promise<string | null> {
  const remembered = last ? await db.sessions.get(last) : undefined;
  if (remembered && remembered.parentSessionId === undefined) return remembered.id;
  const newest = await db.sessions
    .orderBy('updatedAt')
    .reverse()
    .filter((session) => session.parentSessionId === undefined)
    .first();
  return newest?.id ?? null;
}

/**
 * The open session: null is a new chat. It survives a reload (sessionStorage) and reopening the
 * panel, which starts a fresh document and so a fresh sessionStorage (localStorage remembers the
 * last session opened anywhere). With nothing remembered, the newest session opens.
 */
export function useSelectedSession() {
  const [selected, setSelected] = useState<string | null | undefined>(() => {
    const remembered = read(session());
    if (remembered) return remembered === NEW_CHAT ? null : remembered;
    return undefined;
  });

  useEffect(() => {
    if (selected !== undefined) return;
    let live = true;
    sessionToOpen(getDatabase(), read(local())).then(
      (id) => live && setSelected((current) => (current === undefined ? id : current)),
      (error: unknown) => {
        console.error('Could not read the sessions', error);
        if (live) setSelected(null);
      },
    );
    return () => {
      live = false;
    };
  }, [selected]);

  const select = useCallback((id: string | null) => {
    setSelected(id);
    write(session(), id ?? NEW_CHAT);
    if (id) write(local(), id);
  }, []);

  return [selected ?? null, select, selected !== undefined] as const;
}
