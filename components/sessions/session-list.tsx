import { type ChangeEvent, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { t, tp } from '../../lib/i18n/translate';
import { groupByDate } from './date-groups';
import './sessions.css';
import type { SessionRecord } from '../../lib/db/records';
import type { ExportFormat, SessionTransfer } from '../../lib/sessions/session-transfer';
import { SessionRow } from './session-row';
import { useVirtualRows } from './use-virtual-rows';

interface SessionListProps {
  sessions: readonly SessionRecord[] | undefined;
  /** False while `sessions` is only the newest page of a long history: a search waits for all. */
  complete?: boolean;
  currentId: string | null;
  onOpen: (sessionId: string) => void;
  /** Resolves to an error sentence, or undefined when renamed. */
  onRename: (sessionId: string, title: string) => Promise<string | undefined>;
  onDelete: (sessionId: string) => void;
  /** Export and import, each resolving to an error sentence or not. */
  transfer: SessionTransfer;
  /** How far the import under way has got, batch by batch. */
  importProgress?: { stored: number; total: number };
}

type TransferStatus = { kind: 'status' | 'error'; text: string } | undefined;

export function importedSentence(count: number, alreadyHere = 0): string {
  if (alreadyHere === 0) return tp('sessionsImported', count);
  // "3 imported, 4 already here": a file imported again adds nothing twice.
  return tp('sessionsImportedAlreadyHere', alreadyHere, count);
}

/** "Importing 300 of 1,000 sessions…", or a plain "Importing sessions…" before the first batch. */
export function importingSentence(progress?: { stored: number; total: number }): string {
  if (!progress) return t('importingSessions');
  return tp('importingSessionsProgress', progress.total, progress.stored);
}

export function filterSessions(sessions: readonly SessionRecord[], query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return sessions;
  return sessions.filter((session) => session.title.toLowerCase().includes(needle));
}

/** One line of the flattened list: a date group's heading, or a session under it. */
type ListLine =
  | { kind: 'heading'; key: string; group: string }
  | {
      kind: 'session';
      key: string;
      group: string;
      session: SessionRecord;
      /** Its place in its date group, from 1, and the group's size: told to screen readers. */
      position: number;
      groupSize: number;
    };

/** The date groups as one sequence of lines, so only the lines in view need rendering. */
export function listLines(sessions: readonly SessionRecord[], now = Date.now()): ListLine[] {
  const lines: ListLine[] = [];
  for (const group of groupByDate(sessions, now)) {
    lines.push({ kind: 'heading', key: `group:${group.label}`, group: group.label });
    group.sessions.forEach((session, index) => {
      lines.push({
        kind: 'session',
        key: session.id,
        group: group.label,
        session,
        position: index + 1,
        groupSize: group.sessions.length,
      });
    });
  }
  return lines;
}

/** Consecutive lines of the same group, each drawn as a labelled section with its own list. */
function byGroup(lines: readonly ListLine[]): Array<{ group: string; lines: ListLine[] }> {
  const groups: Array<{ group: string; lines: ListLine[] }> = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last?.group === line.group) last.lines.push(line);
    else groups.push({ group: line.group, lines: [line] });
  }
  return groups;
}

export function SessionList({
  sessions,
  complete = true,
  currentId,
  onOpen,
  onRename,
  onDelete,
  transfer,
  importProgress,
}: SessionListProps) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<TransferStatus>();
  const [importing, setImporting] = useState(false);
  const searchId = useId();
  const importId = useId();
  // Typing stays immediate; the list follows at a lower priority, so a keystroke never waits
  // for the rows to be drawn again.
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(
    () => filterSessions(sessions ?? [], deferredQuery),
    [sessions, deferredQuery],
  );
  const lines = useMemo(() => listLines(shown), [shown]);
  const emptySentence = query ? t('noSessionMatches') : t('noSessions');
  const keys = useMemo(() => lines.map((line) => line.key), [lines]);
  const { ref: listRef, visible } = useVirtualRows(keys);

  const report = useCallback(async (action: Promise<string | undefined>, done: string) => {
    try {
      const error = await action;
      // The download may land silently: the panel says it happened.
      setStatus(error ? { kind: 'error', text: error } : { kind: 'status', text: done });
    } catch (error) {
      setStatus({ kind: 'error', text: t('exportFailed', String(error)) });
    }
  }, []);
  // One function for every row, so a row whose session did not change is not drawn again.
  const exportSession = useCallback(
    (session: SessionRecord, format: ExportFormat) =>
      void report(
        transfer.exportSession(session.id, format),
        t('exportedSession', session.title, format === 'json' ? 'JSON' : 'Markdown'),
      ),
    [report, transfer],
  );

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
      {importing ? (
        <p role="status">{importingSentence(importProgress)}</p>
      ) : (
        status?.kind === 'status' && <p role="status">{status.text}</p>
      )}
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
      {sessions !== undefined && (
        // Rows out of view are not in the page, so a screen reader is told the count here, and
        // told again when a search changes it (a live region, not a status: the import sentence
        // is the panel's status).
        <p className="visually-hidden" aria-live="polite">
          {shown.length > 0 ? tp('sessionsListed', shown.length) : complete ? emptySentence : ''}
        </p>
      )}
      {sessions === undefined ? null : shown.length === 0 ? (
        complete && (
          <p className="muted" aria-hidden="true">
            {emptySentence}
          </p>
        )
      ) : (
        // Only the lines in view (and a few either side) are drawn; the spacers keep the
        // scroll bar as long as the whole list. Each row says its place in its date group
        // (aria-posinset/aria-setsize).
        <div ref={listRef} className="session-lines">
          <div style={{ height: visible.before }} aria-hidden="true" />
          {byGroup(lines.slice(visible.start, visible.end)).map((group) => (
            <section key={group.group} className="session-group" aria-label={group.group}>
              {group.lines[0]?.kind === 'heading' && (
                <h2 className="session-group-title" data-row-key={group.lines[0].key}>
                  {group.group}
                </h2>
              )}
              <ul
                className="session-rows"
                data-row-keys={group.lines
                  .filter((line) => line.kind === 'session')
                  .map((line) => line.key)
                  .join(' ')}
              >
                {group.lines.map((line) =>
                  line.kind === 'session' ? (
                    <SessionRow
                      key={line.key}
                      session={line.session}
                      position={line.position}
                      setSize={line.groupSize}
                      current={line.session.id === currentId}
                      onOpen={onOpen}
                      onRename={onRename}
                      onDelete={onDelete}
                      onExport={exportSession}
                    />
                  ) : null,
                )}
              </ul>
            </section>
          ))}
          <div style={{ height: visible.after }} aria-hidden="true" />
        </div>
      )}
    </section>
  );
}
