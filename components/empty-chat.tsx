interface EmptyChatProps {
  configured: boolean;
  onOpenSettings: () => void;
  onSummarize: () => void;
}

/** What a chat with no messages says: how to set up a model, or what to ask. */
export function EmptyChat({ configured, onOpenSettings, onSummarize }: EmptyChatProps) {
  if (!configured) return <SetupNeeded onOpenSettings={onOpenSettings} />;
  return (
    <div className="empty-chat">
      <h2>Ask about your tabs or the web</h2>
      <p className="muted">Answers cite the pages they come from.</p>
      <button type="button" onClick={onSummarize}>
        Summarize this page
      </button>
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
