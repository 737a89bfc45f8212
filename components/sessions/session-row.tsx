import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { SessionRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import type { ExportFormat } from '../../lib/sessions/session-transfer';
import { formatWhen } from '../shared/format';
import './sessions.css';

interface SessionRowProps {
  session: SessionRecord;
  current: boolean;
  onOpen: () => void;
  onRename: (title: string) => Promise<string | undefined>;
  onDelete: () => void;
  onExport: (format: ExportFormat) => void;
}

type Mode = 'view' | 'rename' | 'confirm-delete';

/** One session: open it, rename it inline, or delete it after an in-panel confirmation. */
export function SessionRow({
  session,
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
    const failure = await onRename(title);
    if (failure) setError(failure);
    else setMode('view');
  }

  if (mode === 'rename') {
    return (
      <li className="session-row editing">
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
    <li className={current ? 'session-row current' : 'session-row'}>
      <button
        type="button"
        className="session-open"
        aria-current={current ? 'true' : undefined}
        onClick={onOpen}
      >
        {session.title}
      </button>
      <time className="session-time" dateTime={new Date(session.updatedAt).toISOString()}>
        {formatWhen(session.updatedAt)}
      </time>
      {mode === 'confirm-delete' ? (
        <div role="alertdialog" aria-label={t('deleteSessionQuestion')} className="confirm">
          <p>{t('deleteSessionConfirm')}</p>
          <button type="button" className="button-danger" onClick={onDelete}>
            {t('delete')}
          </button>
          <button type="button" ref={cancelRef} onClick={() => setMode('view')}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <div className="session-actions">
          <button
            type="button"
            onClick={() => {
              setTitle(session.title);
              setError(undefined);
              setMode('rename');
            }}
          >
            {t('rename')}
          </button>
          <button type="button" onClick={() => onExport('markdown')}>
            {t('exportMarkdown')}
          </button>
          <button type="button" onClick={() => onExport('json')}>
            {t('exportJson')}
          </button>
          <button type="button" onClick={() => setMode('confirm-delete')}>
            {t('delete')}
          </button>
        </div>
      )}
    </li>
  );
}
