import { type FormEvent, useId, useState } from 'react';
import { t } from '../../lib/i18n/translate';
import type { LocalServer } from '../../lib/llm/detect-local-servers';
import type { ConnectionResult as ConnectionOutcome } from '../../lib/llm/test-connection';
import type { SaveOutcome } from '../../lib/settings/save-outcome';
import {
  PROVIDER_PRESETS,
  PROVIDERS,
  type Provider,
  type Settings,
} from '../../lib/settings/schema';
import {
  DEFAULT_SEARCH_SETTINGS,
  SEARCH_PROVIDER_IDS,
  type SearchProviderId,
} from '../../lib/settings/search-settings';
import { describeSetup, providerLabel } from '../../lib/settings/setup-problem';
import { baseUrlWarning } from '../../lib/web/base-url-warning';
import { ComposerFields } from './composer-fields';
import { ConnectionResult } from './connection-result';
import { DraftInput } from './draft-input';
import { Field } from './form-field';
import { KeepVerbatimFields } from './keep-verbatim-fields';
import { LanguageField } from './language-field';
import { LocalServers } from './local-servers';
import { ReadAheadField } from './read-ahead-field';
import {
  draftFrom,
  SEARCH_PROVIDER_OPTIONS,
  type SettingsDraft,
  searxngPrivateHost,
  settingsFrom,
  visibleSearchFields,
  withContextWindow,
  withModel,
  withProvider,
} from './settings-draft';
import './settings.css';

interface SettingsFormProps {
  /** The stored settings the form starts from; later changes elsewhere do not reset typing. */
  settings: Settings;
  onSave: (settings: Settings) => Promise<SaveOutcome>;
  onTestConnection: (settings: Settings) => Promise<ConnectionOutcome>;
  /** Hosts exempted from the private-address guard (Permissions); undefined while they load. */
  exemptHosts?: readonly string[];
  /** Exempts a host; resolves to an error sentence, or undefined once it is stored. */
  onExemptHost?: (host: string) => Promise<string | undefined>;
  /** Asks the usual local addresses for model servers (the Detect button). */
  onDetect?: () => Promise<LocalServer[]>;
  /** Detect at once: nothing is set up yet. */
  detectOnOpen?: boolean;
  /** After a successful Save (the side panel goes back to the chat). */
  onSaved?: (settings: Settings) => void;
}

const FIELDS = ['provider', 'baseUrl', 'apiKey', 'model', 'smallModel', 'contextWindow'];

type Status =
  | { kind: 'saved'; ready: string }
  | { kind: 'error'; message: string; field?: string }
  | undefined;

/** The models Model and Small model offer: what Test connection or Detect found at this address. */
function offeredModels(
  connection: ConnectionOutcome | 'testing' | undefined,
  found: readonly LocalServer[],
  baseUrl: string,
): string[] {
  const listed = connection && connection !== 'testing' && connection.ok ? connection.models : [];
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const local = found.find((server) => server.baseUrl === trimmed)?.models ?? [];
  return [...new Set([...listed, ...local])];
}

export function SettingsForm({
  settings,
  onSave,
  onTestConnection,
  exemptHosts,
  onExemptHost,
  onDetect,
  detectOnOpen = false,
  onSaved,
}: SettingsFormProps) {
  const [draft, setDraft] = useState(() => draftFrom(settings));
  const [status, setStatus] = useState<Status>();
  const [connection, setConnection] = useState<ConnectionOutcome | 'testing'>();
  const [saving, setSaving] = useState(false);
  const modelsId = useId();
  const preset = PROVIDER_PRESETS[draft.provider];
  const plainHttpWarning = baseUrlWarning(draft.baseUrl);
  const errorFor = (field: string) =>
    status?.kind === 'error' && status.field === field ? status.message : undefined;
  const [found, setFound] = useState<LocalServer[]>([]);
  const models = offeredModels(connection, found, draft.baseUrl);

  function update(next: typeof draft) {
    setDraft(next);
    setStatus(undefined);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSave(settingsFrom(draft, settings));
    setSaving(false);
    if (outcome.ok) {
      setStatus({ kind: 'saved', ready: describeSetup(outcome.settings) });
      onSaved?.(outcome.settings);
    } else {
      setStatus({ kind: 'error', message: outcome.message, field: outcome.field });
    }
  }

  function chooseServer(server: LocalServer) {
    const withServer = { ...withProvider(draft, server.provider), baseUrl: server.baseUrl };
    const model = draft.model.trim() || server.models[0] || '';
    update(withModel(withServer, model));
  }

  async function test() {
    setConnection('testing');
    setConnection(await onTestConnection(settingsFrom(draft, settings)));
  }

  return (
    <form className="settings-form" onSubmit={save} noValidate>
      {onDetect && (
        <LocalServers
          onDetect={onDetect}
          detectOnOpen={detectOnOpen}
          onUse={chooseServer}
          onFound={setFound}
        />
      )}
      <Field label={t('provider')} error={errorFor('provider')}>
        {(attributes) => (
          <select
            {...attributes}
            value={draft.provider}
            onChange={(event) => update(withProvider(draft, event.target.value as Provider))}
          >
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {providerLabel(provider)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DraftInput
        draft={draft}
        onChange={update}
        name="baseUrl"
        kind="url"
        label={t('baseUrl')}
        error={errorFor('baseUrl')}
        hint={t('baseUrlHint')}
        placeholder={preset.baseUrl || t('baseUrlPlaceholder')}
      />
      {plainHttpWarning && (
        // Said before Save, beside the field: plain http off this computer is readable on the way.
        <p className="form-warning" role="status">
          {plainHttpWarning} {t('useHttps')}
        </p>
      )}
      <DraftInput
        draft={draft}
        onChange={update}
        name="apiKey"
        kind="secret"
        label={t('apiKey')}
        error={errorFor('apiKey')}
        hint={
          preset.needsKey ? t('apiKeyRequired', providerLabel(draft.provider)) : t('apiKeyOptional')
        }
      />
      <Field label={t('model')} error={errorFor('model')}>
        {(attributes) => (
          <>
            <input
              {...attributes}
              list={modelsId}
              spellCheck={false}
              placeholder={preset.exampleModel ? t('exampleModel', preset.exampleModel) : undefined}
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
      <DraftInput
        draft={draft}
        onChange={update}
        name="smallModel"
        kind="text"
        label={t('smallModel')}
        error={errorFor('smallModel')}
        hint={t('smallModelHint')}
        placeholder={t('smallModelPlaceholder')}
        list={modelsId}
      />
      <Field
        label={t('contextWindow')}
        error={errorFor('contextWindow')}
        hint={t('contextWindowHint')}
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
      <WebSearchFields
        draft={draft}
        onChange={update}
        errorFor={errorFor}
        exemptHosts={exemptHosts}
        onExemptHost={onExemptHost}
      />
      <LanguageField draft={draft} onChange={update} />
      <ComposerFields draft={draft} onChange={update} />
      <ReadAheadField draft={draft} onChange={update} />
      <details
        className="settings-limits"
        open={status?.kind === 'error' && status.field?.startsWith('limits.') ? true : undefined}
      >
        <summary>{t('limitsPerAnswer')}</summary>
        <p className="muted">{t('limitsHint')}</p>
        {(
          [
            ['maxSteps', t('maxSteps'), 'limits.maxSteps'],
            ['maxFetches', t('maxFetches'), 'limits.maxFetches'],
            ['maxIdenticalCalls', t('maxIdenticalCalls'), 'limits.maxIdenticalCalls'],
          ] as const
        ).map(([key, label, path]) => (
          <DraftInput
            key={key}
            draft={draft}
            onChange={update}
            name={key}
            kind="count"
            label={label}
            error={errorFor(path)}
            min={key === 'maxFetches' ? 0 : 1}
          />
        ))}
      </details>
      <KeepVerbatimFields draft={draft} onChange={update} />
      {/* Sticky at the bottom of the screen: the buttons and what they found stay in view. */}
      <div className="form-actions-bar">
        <div className="form-actions">
          <button type="button" onClick={test} disabled={connection === 'testing'}>
            {t('testConnection')}
          </button>
          <button type="submit" className="button-primary" disabled={saving}>
            {t('save')}
          </button>
        </div>
        {status?.kind === 'saved' && (
          <p className="form-ok" role="status">
            {t('savedReady', status.ready)}
          </p>
        )}
        {status?.kind === 'error' &&
          ([...FIELDS, ...visibleSearchFields(draft.searchProvider)].includes(
            status.field ?? '',
          ) ? (
            // The field's own message is the alert; this repeats it where the eye is.
            <p className="form-error">{t('notSaved', status.message)}</p>
          ) : (
            <p className="form-error" role="alert">
              {status.message}
            </p>
          ))}
        <ConnectionResult result={connection} onPick={(model) => update(withModel(draft, model))} />
      </div>
    </form>
  );
}

function WebSearchFields({
  draft,
  onChange,
  errorFor,
  exemptHosts,
  onExemptHost,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  errorFor: (field: string) => string | undefined;
  exemptHosts?: readonly string[];
  onExemptHost?: (host: string) => Promise<string | undefined>;
}) {
  const provider = draft.searchProvider;
  return (
    <fieldset className="settings-group">
      <legend>{t('webSearch')}</legend>
      <p className="hint">{t('webSearchHint')}</p>
      <Field label={t('searchProvider')} error={errorFor('search.provider')}>
        {(attributes) => (
          <select
            {...attributes}
            value={provider}
            onChange={(event) =>
              onChange({ ...draft, searchProvider: event.target.value as SearchProviderId })
            }
          >
            {SEARCH_PROVIDER_IDS.map((id) => (
              <option key={id} value={id}>
                {SEARCH_PROVIDER_OPTIONS[id]()}
              </option>
            ))}
          </select>
        )}
      </Field>
      {provider === 'duckduckgo' && (
        <DuckDuckGoUrlField
          draft={draft}
          onChange={onChange}
          error={errorFor('search.duckduckgoUrl')}
        />
      )}
      {provider === 'searxng' && (
        <>
          <DraftInput
            draft={draft}
            onChange={onChange}
            name="searxngUrl"
            kind="url"
            label={t('searxngUrl')}
            error={errorFor('search.searxngUrl')}
            hint={t('searxngUrlHint')}
            placeholder={t('searxngPlaceholder')}
          />
          <SearxngPrivateNote
            address={draft.searxngUrl}
            exemptHosts={exemptHosts}
            onExemptHost={onExemptHost}
          />
        </>
      )}
      {provider === 'brave' && (
        <DraftInput
          draft={draft}
          onChange={onChange}
          name="braveKey"
          kind="secret"
          label={t('braveKey')}
          error={errorFor('search.braveKey')}
          hint={t('braveKeyHint')}
        />
      )}
    </fieldset>
  );
}

/** Advanced: folded unless it holds something other than the default or has an error. */
function DuckDuckGoUrlField({
  draft,
  onChange,
  error,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  error: string | undefined;
}) {
  const custom = draft.duckduckgoUrl.trim() !== DEFAULT_SEARCH_SETTINGS.duckduckgoUrl;
  const [opened, setOpened] = useState(custom);
  const open = opened || Boolean(error);
  return (
    <details
      className="advanced"
      open={open}
      onToggle={(event) => setOpened(event.currentTarget.open)}
    >
      <summary>{t('advanced')}</summary>
      <Field label={t('duckduckgoUrl')} error={error} hint={t('duckduckgoUrlHint')}>
        {(attributes) => (
          <div className="field-row">
            <input
              {...attributes}
              type="url"
              inputMode="url"
              spellCheck={false}
              value={draft.duckduckgoUrl}
              onChange={(event) => onChange({ ...draft, duckduckgoUrl: event.target.value })}
            />
            {custom && (
              <button
                type="button"
                onClick={() =>
                  onChange({ ...draft, duckduckgoUrl: DEFAULT_SEARCH_SETTINGS.duckduckgoUrl })
                }
              >
                {t('useDefault')}
              </button>
            )}
          </div>
        )}
      </Field>
    </details>
  );
}

/**
 * The private-address guard refuses loopback and LAN hosts, a self-hosted SearXNG included,
 * until the user exempts it; say so, and offer to do it when the typed address is one.
 */
function SearxngPrivateNote({
  address,
  exemptHosts,
  onExemptHost,
}: {
  address: string;
  exemptHosts?: readonly string[];
  onExemptHost?: (host: string) => Promise<string | undefined>;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const found = exemptHosts ? searxngPrivateHost(address, exemptHosts) : undefined;

  async function exempt(entry: string) {
    if (!onExemptHost) return;
    setPending(true);
    setError(undefined);
    setError(await onExemptHost(entry));
    setPending(false);
  }

  if (found && !found.exempted) {
    return (
      <div className="note note-warn" role="note">
        <p>
          <code>{found.entry}</code> {t('searxngPrivateRefused', found.description)}
        </p>
        {onExemptHost && (
          <button type="button" disabled={pending} onClick={() => void exempt(found.entry)}>
            {t('allowPrivateHost', found.entry)}
          </button>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (found?.exempted) {
    return (
      <p className="note" role="note">
        <code>{found.entry}</code> {t('searxngPrivateAllowed', found.description)}
      </p>
    );
  }
  return (
    <p className="note" role="note">
      {t('searxngPrivateNote')}
    </p>
  );
}
