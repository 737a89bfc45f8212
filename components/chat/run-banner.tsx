import type { RunRecord } from '../../lib/db/records';
import { storedSentence } from '../../lib/i18n/local-text';
import { t } from '../../lib/i18n/translate';
import './chat.css';

interface RunBannerProps {
  run: RunRecord | undefined;
  busy: boolean;
  onResume: () => void;
  /** Where a failure that retrying cannot fix is fixed. */
  onOpenSettings: () => void;
}

/** What the latest run needs from the user: nothing, a Resume, or a Continue past a limit. */
export function RunBanner({ run, busy, onResume, onOpenSettings }: RunBannerProps) {
  if (!run) return null;
  if (run.status === 'awaiting-consent') {
    return (
      <p className="run-banner" role="status">
        {t('waitingForPermission')}
      </p>
    );
  }
  if (run.status === 'failed' && run.error?.fix === 'settings') {
    // Resume would only meet the same refusal: offer the place where it can be fixed.
    return (
      <div className="run-banner run-banner-problem">
        <p role="alert">{storedSentence(run.error.message, run.error.i18n)}</p>
        <a
          className="button-link"
          href="/options.html"
          onClick={(event) => {
            event.preventDefault();
            onOpenSettings();
          }}
        >
          {t('openSettings')}
        </a>
      </div>
    );
  }
  if (run.status === 'interrupted' || run.status === 'failed') {
    const fallback = run.status === 'interrupted' ? t('answerInterrupted') : t('answerFailed');
    return (
      <div className="run-banner run-banner-problem">
        <p role="alert">
          {run.error ? storedSentence(run.error.message, run.error.i18n) : fallback}
        </p>
        <button type="button" onClick={onResume} disabled={busy}>
          {t('resume')}
        </button>
      </div>
    );
  }
  if (run.status === 'stopped' && run.error?.kind === 'limit') {
    return (
      <div className="run-banner">
        {/*
          The reason stays in the history as the notice line under the answer; the way on is
          offered here only, so it goes away once taken.
        */}
        <p role="status">{t('stoppedAtLimit')}</p>
        <button type="button" onClick={onResume} disabled={busy}>
          {t('continue')}
        </button>
      </div>
    );
  }
  return null;
}
