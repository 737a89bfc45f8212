import { useId, useState } from 'react';
import type { SessionRecord } from '@/lib/db/records';
import { SessionRow } from './session-row';

interface SessionListProps {
  sessions: readonly SessionRecord[] | undefined;
  currentId: string | null;
  onOpen: (sessionId: string) => void;
  /** Resolves to an error sentence, or undefined when renamed. */
  onRename: (sessionId: string, title: string) => Promise<string | undefined>;
  onDelete: (sessionId: string) => void;
}

export function filterSessions(sessions: readonly SessionRecord[], query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return sessions;
  return sessions.filter((session) => session.title.toLowerCase().includes(needle));
}

export function SessionList({ sessions, currentId, onOpen, onRename, onDelete }: SessionListProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = filterSessions(sessions ?? [], query);
  return (
    <section className="session-list" aria-label="Sessions">
      <label htmlFor={searchId} className="visually-hidden">
        Search sessions
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search sessions"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {sessions === undefined ? null : shown.length === 0 ? (
        <p className="muted">{query ? 'No session title matches.' : 'No sessions yet.'}</p>
      ) : (
        <ul className="session-rows">
          {shown.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              current={session.id === currentId}
              onOpen={() => onOpen(session.id)}
              onRename={(title) => onRename(session.id, title)}
              onDelete={() => onDelete(session.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
