import { type FormEvent, useId, useState } from 'react';
import { PROVIDER_PRESETS, PROVIDERS, type Provider, type Settings } from '@/lib/settings/schema';
import { ConnectionResult } from './connection-result';
import { Field } from './form-field';
import {
  type ConnectionOutcome,
  draftFrom,
  type SaveOutcome,
  settingsFrom,
  withContextWindow,
  withModel,
  withProvider,
} from './settings-draft';

interface SettingsFormProps {
  /** The stored settings the form starts from; later changes elsewhere do not reset typing. */
  settings: Settings;
  onSave: (settings: Settings) => Promise<SaveOutcome>;
  onTestConnection: (settings: Settings) => Promise<ConnectionOutcome>;
}

const FIELDS = ['provider', 'baseUrl', 'apiKey', 'model', 'smallModel', 'contextWindow'];

type Status = { kind: 'saved' } | { kind: 'error'; message: string; field?: string } | undefined;

export function SettingsForm({ settings, onSave, onTestConnection }: SettingsFormProps) {
  const [draft, setDraft] = useState(() => draftFrom(settings));
  const [status, setStatus] = useState<Status>();
  const [connection, setConnection] = useState<ConnectionOutcome | 'testing'>();
  const [saving, setSaving] = useState(false);
  const modelsId = useId();
  const preset = PROVIDER_PRESETS[draft.provider];
  const errorFor = (field: string) =>
    status?.kind === 'error' && status.field === field ? status.message : undefined;
  const models = connection && connection !== 'testing' && connection.ok ? connection.models : [];

  function update(next: typeof draft) {
    setDraft(next);
    setStatus(undefined);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSave(settingsFrom(draft, settings));
    setSaving(false);
    setStatus(
      outcome.ok
        ? { kind: 'saved' }
        : { kind: 'error', message: outcome.message, field: outcome.field },
    );
  }

  async function test() {
    setConnection('testing');
    setConnection(await onTestConnection(settingsFrom(draft, settings)));
  }

  return (
    <form className="settings-form" onSubmit={save} noValidate>
      <Field label="Provider" error={errorFor('provider')}>
        {(attributes) => (
          <select
            {...attributes}
            value={draft.provider}
            onChange={(event) => update(withProvider(draft, event.target.value as Provider))}
          >
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_PRESETS[provider].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Base URL"
        error={errorFor('baseUrl')}
        hint="The OpenAI-compatible endpoint, usually ending in /v1."
      >
        {(attributes) => (
          <input
            {...attributes}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder={preset.baseUrl || 'https://your-server.example/v1'}
            value={draft.baseUrl}
            onChange={(event) => update({ ...draft, baseUrl: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="API key"
        error={errorFor('apiKey')}
        hint={
          preset.needsKey
            ? `Required by ${preset.label}.`
            : 'Leave blank if your server needs none.'
        }
      >
        {(attributes) => (
          <input
            {...attributes}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={draft.apiKey}
            onChange={(event) => update({ ...draft, apiKey: event.target.value })}
          />
        )}
      </Field>
      <Field label="Model" error={errorFor('model')}>
        {(attributes) => (
          <>
            <input
              {...attributes}
              list={modelsId}
              spellCheck={false}
              placeholder={preset.exampleModel ? `e.g. ${preset.exampleModel}` : undefined}
              value={draft.model}
              onChange={(event) => update(withModel(draft, event.target.value))}
            />
            <datalist id={modelsId}>
              {models.map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field
        label="Small model"
        error={errorFor('smallModel')}
        hint="Runs the Fetch Analysis sub-agent that reads the web."
      >
        {(attributes) => (
          <input
            {...attributes}
            list={modelsId}
            spellCheck={false}
            placeholder="blank = same as Model"
            value={draft.smallModel}
            onChange={(event) => update({ ...draft, smallModel: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Context window"
        error={errorFor('contextWindow')}
        hint="In tokens. Drives page budgets and compression."
      >
        {(attributes) => (
          <input
            {...attributes}
            type="number"
            min={1024}
            step={1}
            inputMode="numeric"
            value={draft.contextWindow}
            onChange={(event) => update(withContextWindow(draft, event.target.value))}
          />
        )}
      </Field>
      <div className="form-actions">
        <button type="button" onClick={test} disabled={connection === 'testing'}>
          Test connection
        </button>
        <button type="submit" className="button-primary" disabled={saving}>
          Save
        </button>
      </div>
      {status?.kind === 'saved' && (
        <p className="form-ok" role="status">
          Saved
        </p>
      )}
      {status?.kind === 'error' && !FIELDS.includes(status.field ?? '') && (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      )}
      <ConnectionResult result={connection} onPick={(model) => update(withModel(draft, model))} />
    </form>
  );
}
