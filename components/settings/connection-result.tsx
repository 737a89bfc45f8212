import type { ConnectionResult as ConnectionOutcome } from '../../lib/llm/test-connection';
import { OllamaOriginsHelp } from './ollama-origins-help';
import './settings.css';

const SHOWN_MODELS = 30;

interface ConnectionResultProps {
  result: ConnectionOutcome | 'testing' | undefined;
  onPick: (model: string) => void;
}

/** What Test connection found: the models the endpoint lists (pick one), or why it failed. */
export function ConnectionResult({ result, onPick }: ConnectionResultProps) {
  if (!result) return null;
  if (result === 'testing') {
    return (
      <p className="connection" role="status">
        Testing the connection…
      </p>
    );
  }
  if (!result.ok) {
    return (
      <div className="connection">
        <p className="form-error" role="alert">
          {result.message}
        </p>
        {result.help === 'ollama-origins' && <OllamaOriginsHelp />}
      </div>
    );
  }
  const more = result.models.length - SHOWN_MODELS;
  return (
    <div className="connection" role="status">
      <p className="form-ok">
        Connected.{' '}
        {result.models.length === 0
          ? 'The server lists no models; type the model name.'
          : `${result.models.length} ${result.models.length === 1 ? 'model' : 'models'} available:`}
      </p>
      {result.models.length > 0 && (
        <ul className="model-list">
          {result.models.slice(0, SHOWN_MODELS).map((model) => (
            <li key={model}>
              <button type="button" className="link-button" onClick={() => onPick(model)}>
                {model}
              </button>
            </li>
          ))}
          {more > 0 && <li className="muted">and {more} more (type to search in Model)</li>}
        </ul>
      )}
    </div>
  );
}
