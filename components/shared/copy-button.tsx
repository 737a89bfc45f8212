import { useEffect, useState } from 'react';

interface CopyButtonProps {
  /** What lands on the clipboard. */
  text: string;
  /** The button's name, e.g. "Copy" or "Copy the variable". */
  label?: string;
  className?: string;
}

/** Copies `text`, then says "Copied" for a moment (announced, since the name changes). */
export function CopyButton({ text, label = 'Copy', className }: CopyButtonProps) {
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
      {label}
      <span aria-live="polite" className="copy-state">
        {state === 'copied' ? ' ✓ Copied' : state === 'failed' ? ' (copying was refused)' : ''}
      </span>
    </button>
  );
}
