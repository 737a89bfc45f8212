import { t, tp } from '../../lib/i18n/translate';
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
        {t('testingConnection')}
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
        {t('connected')}{' '}
        {result.models.length === 0
          ? t('noModelsListed')
          : tp('modelsAvailable', result.models.length)}
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
          {more > 0 && <li className="muted">{tp('moreModels', more)}</li>}
        </ul>
      )}
    </div>
  );
}
