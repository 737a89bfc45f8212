import { type ChangeEvent, useId, useState } from 'react';
import { t, tp } from '../../lib/i18n/translate';
import { groupByDate } from './date-groups';
import './sessions.css';
import type { SessionRecord } from '../../lib/db/records';
import type { SessionTransfer } from '../../lib/sessions/session-transfer';
import { SessionRow } from './session-row';

interface SessionListProps {
  sessions: readonly SessionRecord[] | undefined;
  currentId: string | null;
  onOpen: (sessionId: string) => void;
  /** Resolves to an error sentence, or undefined when renamed. */
  onRename: (sessionId: string, title: string) => Promise<string | undefined>;
  onDelete: (sessionId: string) => void;
  /** Export and import, each resolving to an error sentence or not. */
  transfer: SessionTransfer;
}

type TransferStatus = { kind: 'status' | 'error'; text: string } | undefined;

export function importedSentence(count: number, alreadyHere = 0): string {
  if (alreadyHere === 0) return tp('sessionsImported', count);
  // "3 imported, 4 already here": a file imported again adds nothing twice.
  return tp('sessionsImportedAlreadyHere', alreadyHere, count);
}

export function filterSessions(sessions: readonly SessionRecord[], query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return sessions;
  return sessions.filter((session) => session.title.toLowerCase().includes(needle));
}

export function SessionList({
  sessions,
  currentId,
  onOpen,
  onRename,
  onDelete,
  transfer,
}: SessionListProps) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<TransferStatus>();
  const [importing, setImporting] = useState(false);
  const searchId = useId();
  const importId = useId();
  const shown = filterSessions(sessions ?? [], query);

  async function report(action: Promise<string | undefined>, done: string) {
    try {
      const error = await action;
      // The download may land silently: the panel says it happened.
      setStatus(error ? { kind: 'error', text: error } : { kind: 'status', text: done });
    } catch (error) {
      setStatus({ kind: 'error', text: t('exportFailed', String(error)) });
    }
  }

  async function importChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setImporting(true);
    try {
      const result = await transfer.importFile(file);
      setStatus(
        'error' in result
          ? { kind: 'error', text: result.error }
          : { kind: 'status', text: importedSentence(result.imported, result.alreadyHere) },
      );
    } finally {
      setImporting(false);
      // Choosing the same file again should import it again.
      input.value = '';
    }
  }

  return (
    <section className="session-list" aria-label={t('sessions')}>
      <div className="session-transfer">
        <button type="button" onClick={() => void report(transfer.exportAll(), t('exportedAll'))}>
          {t('exportAll')}
        </button>
        <label htmlFor={importId} className="import-label">
          {t('import')}
        </label>
        <input
          id={importId}
          className="visually-hidden"
          type="file"
          accept=".json,application/json"
          disabled={importing}
          onChange={(event) => void importChosen(event)}
        />
      </div>
      {status?.kind === 'status' && <p role="status">{status.text}</p>}
      {status?.kind === 'error' && <p role="alert">{status.text}</p>}
      <label htmlFor={searchId} className="visually-hidden">
        {t('searchSessions')}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={t('searchSessions')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {sessions === undefined ? null : shown.length === 0 ? (
        <p className="muted">{query ? t('noSessionMatches') : t('noSessions')}</p>
      ) : (
        groupByDate(shown).map((group) => (
          <section key={group.label} className="session-group" aria-label={group.label}>
            <h2 className="session-group-title">{group.label}</h2>
            <ul className="session-rows">
              {group.sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  current={session.id === currentId}
                  onOpen={() => onOpen(session.id)}
                  onRename={(title) => onRename(session.id, title)}
                  onDelete={() => onDelete(session.id)}
                  onExport={(format) =>
                    void report(
                      transfer.exportSession(session.id, format),
                      t('exportedSession', session.title, format === 'json' ? 'JSON' : 'Markdown'),
                    )
                  }
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
