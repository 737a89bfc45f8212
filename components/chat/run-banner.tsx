import type { RunRecord } from '../../lib/db/records';
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
        Waiting for your permission to continue.
      </p>
    );
  }
  if (run.status === 'failed' && run.error?.fix === 'settings') {
    // Resume would only meet the same refusal: offer the place where it can be fixed.
    return (
      <div className="run-banner run-banner-problem">
        <p role="alert">{run.error.message}</p>
        <a
          className="button-link"
          href="/options.html"
          onClick={(event) => {
            event.preventDefault();
            onOpenSettings();
          }}
        >
          Open Settings
        </a>
      </div>
    );
  }
  if (run.status === 'interrupted' || run.status === 'failed') {
    const fallback =
      run.status === 'interrupted'
        ? 'The answer was interrupted before it finished.'
        : 'The answer failed.';
    return (
      <div className="run-banner run-banner-problem">
        <p role="alert">{run.error?.message ?? fallback}</p>
        <button type="button" onClick={onResume} disabled={busy}>
          Resume
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
        <p role="status">This answer stopped at a limit. Continue gives it a new budget.</p>
        <button type="button" onClick={onResume} disabled={busy}>
          Continue
        </button>
      </div>
    );
  }
  return null;
}
