import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n/translate';

interface CopyButtonProps {
  /** What lands on the clipboard. */
  text: string;
  /** The button's name, e.g. "Copy" or "Copy the variable". */
  label?: string;
  className?: string;
}

/** Copies `text`, then says "Copied" for a moment (announced, since the name changes). */
export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <button type="button" className={className ?? 'copy-button'} onClick={() => void copy()}>
      {label ?? t('copy')}
      <span aria-live="polite" className="copy-state">
        {state === 'copied'
          ? ` ✓ ${t('copied')}`
          : state === 'failed'
            ? ` (${t('copyRefused')})`
            : ''}
      </span>
    </button>
  );
}
