import type { StepRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { formatCount } from '../shared/format';
import { Markdown } from '../shared/markdown';

/**
 * The line a compression leaves in the transcript, opening to the summary that was sent in
 * place of the earlier messages. The messages themselves stay on screen as they were.
 */
export function CompressionLine({ step }: { step: StepRecord }) {
  if (!step.compression) return null;
  const summary =
    step.tokensIn !== undefined && step.tokensOut !== undefined
      ? t('compressedSizes', formatCount(step.tokensIn), formatCount(step.tokensOut))
      : t('compressed');
  return (
    <details className="compression-line">
      <summary>{summary}</summary>
      <div className="compression-summary">
        <Markdown>{step.compression.summary}</Markdown>
      </div>
    </details>
  );
}
