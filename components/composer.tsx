import { type FormEvent, type KeyboardEvent, useId } from 'react';

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  /** A run of this session is active: Stop takes Send's place. */
  running: boolean;
  /** A command is on its way to the worker. */
  busy: boolean;
  error?: string;
  onSend: () => void;
  onStop: () => void;
}

export function Composer({
  text,
  onTextChange,
  running,
  busy,
  error,
  onSend,
  onStop,
}: ComposerProps) {
  const id = useId();
  const canSend = text.trim() !== '' && !busy && !running;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter alone makes a newline; Ctrl+Enter (Cmd+Enter on macOS) sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (canSend) onSend();
    }
  }

  return (
    <form className="composer" onSubmit={submit}>
      {error && (
        <p className="composer-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        placeholder="Ask about this page or anything else (Ctrl+Enter to send)"
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {running ? (
          <button type="button" className="button-stop" onClick={onStop} disabled={busy}>
            Stop
          </button>
        ) : (
          <button type="submit" className="button-primary" disabled={!canSend}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
