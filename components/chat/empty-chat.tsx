import { useId } from 'react';
import { t } from '../../lib/i18n/translate';
import './chat.css';

interface EmptyChatProps {
  configured: boolean;
  /** The title of the tab "Summarize this page" reads; undefined when no readable tab is current. */
  pageTitle: string | undefined;
  /** A command is on its way to the worker. */
  busy: boolean;
  onOpenSettings: () => void;
  onSummarize: () => void;
}

/** What a chat with no messages says: how to set up a model, or what to ask. */
export function EmptyChat({
  configured,
  pageTitle,
  busy,
  onOpenSettings,
  onSummarize,
}: EmptyChatProps) {
  const hintId = useId();
  if (!configured) return <SetupNeeded onOpenSettings={onOpenSettings} />;
  const readable = pageTitle !== undefined;
  return (
    <div className="empty-chat">
      <h2>{t('emptyChatTitle')}</h2>
      <p className="muted">{t('emptyChatCites')}</p>
      <button
        type="button"
        onClick={onSummarize}
        disabled={!readable || busy}
        aria-describedby={hintId}
      >
        {t('summarizePage')}
      </button>
      <p id={hintId} className="hint summarize-hint">
        {readable ? pageTitle || t('currentTab') : t('summarizeNoPage')}
      </p>
    </div>
  );
}

export function SetupNeeded({ onOpenSettings }: { onOpenSettings: () => void }) {
  return (
    <div className="empty-chat setup-needed">
      <h2>{t('setupNeededTitle')}</h2>
      <p>{t('setupNeededText')}</p>
      <button type="button" className="button-primary" onClick={onOpenSettings}>
        {t('setUpModel')}
      </button>
    </div>
  );
}
