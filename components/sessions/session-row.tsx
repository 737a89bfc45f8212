import { type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import type { SessionRecord } from '../../lib/db/records';
import type { MessageKey } from '../../lib/i18n/catalogs';
import { t } from '../../lib/i18n/translate';
import type { ExportFormat } from '../../lib/sessions/session-transfer';
import { formatWhen } from '../shared/format';
import { RichMessage } from '../shared/rich-message';
import { RowMenu } from './row-menu';
import './sessions.css';

interface SessionRowProps {
  session: SessionRecord;
  /** The row's place in its date group (from 1) and the group's size, for screen readers. */
  position: number;
  setSize: number;
  current: boolean;
  /** Each is given the session's id, so one function serves every row (see `sameRow`). */
  onOpen: (sessionId: string) => void;
  onRename: (sessionId: string, title: string) => Promise<string | undefined>;
  onDelete: (sessionId: string) => void;
  onExport: (session: SessionRecord, format: ExportFormat) => void;
}

type Mode = 'view' | 'rename' | 'confirm-delete';

/**
 * A menu item's words: the action shown, the session's title said to screen readers too, so
 * "Delete The Tide Clocks" is told apart from the other rows' Delete.
 */
function Named({ id, title }: { id: MessageKey; title: string }) {
  return (
    <RichMessage
      id={id}
      parts={[
        <span key="title" className="visually-hidden">
          {title}
        </span>,
      ]}
    />
  );
}

/**
 * Whether a row would draw the same: the list draws itself again as the rows in view are
 * measured and when the whole list arrives after its newest page (new records, same sessions),
 * and only the rows whose session or place changed need drawing then.
 */
function sameRow(before: SessionRowProps, after: SessionRowProps): boolean {
  return (
    before.session.id === after.session.id &&
    before.session.title === after.session.title &&
    before.session.updatedAt === after.session.updatedAt &&
    before.position === after.position &&
    before.setSize === after.setSize &&
    before.current === after.current &&
    before.onOpen === after.onOpen &&
    before.onRename === after.onRename &&
    before.onDelete === after.onDelete &&
    before.onExport === after.onExport
  );
}

/**
 * One session: open it, or use its ⋯ menu to rename it inline, export it, or delete it after
 * an in-panel confirmation.
 */
export const SessionRow = memo(function SessionRow({
  session,
  position,
  setSize,
  current,
  onOpen,
  onRename,
  onDelete,
  onExport,
}: SessionRowProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [title, setTitle] = useState(session.title);
  const [error, setError] = useState<string>();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === 'rename') inputRef.current?.select();
    if (mode === 'confirm-delete') cancelRef.current?.focus();
  }, [mode]);

  async function saveTitle(event: FormEvent) {
    event.preventDefault();
    const failure = await onRename(session.id, title);
    if (failure) setError(failure);
    else setMode('view');
  }

  if (mode === 'rename') {
    return (
      <li className="session-row editing" aria-posinset={position} aria-setsize={setSize}>
        <form className="rename-form" onSubmit={saveTitle}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('sessionTitle')}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setMode('view')}
          />
          <button type="submit">{t('save')}</button>
          <button type="button" onClick={() => setMode('view')}>
            {t('cancel')}
          </button>
        </form>
        {error && <p role="alert">{error}</p>}
      </li>
    );
  }

  return (
    <li
      className={current ? 'session-row current' : 'session-row'}
      aria-posinset={position}
      aria-setsize={setSize}
    >
      <button
        type="button"
        className="session-open"
        aria-current={current ? 'true' : undefined}
        onClick={() => onOpen(session.id)}
      >
        {session.title}
      </button>
      <time className="session-time" dateTime={new Date(session.updatedAt).toISOString()}>
        {formatWhen(session.updatedAt)}
      </time>
      {mode === 'confirm-delete' ? (
        <div role="alertdialog" aria-label={t('deleteSessionQuestion')} className="confirm">
          <p>{t('deleteSessionConfirm')}</p>
          <button type="button" className="button-danger" onClick={() => onDelete(session.id)}>
            {t('delete')}
          </button>
          <button type="button" ref={cancelRef} onClick={() => setMode('view')}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <RowMenu
          label={t('rowActions', session.title)}
          items={[
            {
              key: 'rename',
              label: <Named id="rowRename" title={session.title} />,
              onSelect: () => {
                setTitle(session.title);
                setError(undefined);
                setMode('rename');
              },
            },
            {
              key: 'markdown',
              label: <Named id="rowExportMarkdown" title={session.title} />,
              onSelect: () => onExport(session, 'markdown'),
            },
            {
              key: 'json',
              label: <Named id="rowExportJson" title={session.title} />,
              onSelect: () => onExport(session, 'json'),
            },
            {
              key: 'delete',
              label: <Named id="rowDelete" title={session.title} />,
              onSelect: () => setMode('confirm-delete'),
              danger: true,
            },
          ]}
        />
      )}
    </li>
  );
}, sameRow);
