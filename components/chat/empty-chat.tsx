import { useId } from 'react';
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
      <h2>Ask about your tabs or the web</h2>
      <p className="muted">Answers cite the pages they come from.</p>
      <button
        type="button"
        onClick={onSummarize}
        disabled={!readable || busy}
        aria-describedby={hintId}
      >
        Summarize this page
      </button>
      <p id={hintId} className="hint summarize-hint">
        {readable
          ? pageTitle || 'The current tab'
          : 'Open a web page or a local file in this window to summarize it.'}
      </p>
    </div>
  );
}

export function SetupNeeded({ onOpenSettings }: { onOpenSettings: () => void }) {
  return (
    <div className="empty-chat setup-needed">
      <h2>No model is configured yet</h2>
      <p>
        Gleaner needs an OpenAI-compatible model to answer: a local one (Ollama, LM Studio) or a
        hosted one (OpenAI, OpenRouter).
      </p>
      <button type="button" className="button-primary" onClick={onOpenSettings}>
        Set up a model
      </button>
    </div>
  );
}
