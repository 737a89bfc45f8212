import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { t } from '../../lib/i18n/translate';
import type { CustomTools, McpServerSetting } from '../../lib/settings/custom-tools';
import {
  BUILT_IN_MAIN_TOOLS,
  type ToolDeclaration,
  withoutSecrets,
} from '../../lib/settings/tool-declaration';
import { mcpToolNames } from '../../lib/tools/mcp/mcp-names';
import { RichMessage } from '../shared/rich-message';
import './settings.css';
import './tools-section.css';

export interface ToolsActions {
  /** Resolves to an error sentence, or undefined once stored. */
  setToolEnabled(name: string, enabled: boolean): Promise<string | undefined>;
  /** Stores the declarations in the JSON; `replacing` is the tool being edited. Resolves to the problems. */
  saveDeclarations(text: string, replacing?: string): Promise<string[]>;
  removeDeclaration(name: string): Promise<void>;
  /** Downloads the declarations as JSON, header values replaced by the placeholder. */
  exportDeclarations(declarations: ToolDeclaration[]): void;
  addServer(server: Pick<McpServerSetting, 'name' | 'url' | 'token'>): Promise<string | undefined>;
  refreshServer(name: string): Promise<string | undefined>;
  removeServer(name: string): Promise<void>;
}

interface ToolsSectionProps {
  disabledTools: readonly string[];
  custom: CustomTools | undefined;
  actions: ToolsActions;
}

function ToolSwitch({
  name,
  description,
  disabledTools,
  actions,
}: {
  name: string;
  description: string;
  disabledTools: readonly string[];
  actions: ToolsActions;
}) {
  const [error, setError] = useState<string>();
  const descriptionId = useId();
  const stored = !disabledTools.includes(name);
  // The switch moves at once; the stored value catches up (and wins) when it arrives.
  const [on, setOn] = useState(stored);
  useEffect(() => setOn(stored), [stored]);
  return (
    <div className="tool-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          aria-describedby={descriptionId}
          onChange={async (event) => {
            const wanted = event.target.checked;
            setOn(wanted);
            const failure = await actions.setToolEnabled(name, wanted);
            setError(failure);
            if (failure) setOn(!wanted);
          }}
        />{' '}
        <code>{name}</code>
      </label>
      <span id={descriptionId} className="muted tool-description">
        {description}
      </span>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function DeclarationEditor({
  actions,
  editing,
  onDone,
}: {
  actions: ToolsActions;
  editing: ToolDeclaration | undefined;
  onDone: () => void;
}) {
  const [text, setText] = useState(editing ? JSON.stringify(withoutSecrets(editing), null, 2) : '');
  const [problems, setProblems] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const found = await actions.saveDeclarations(text, editing?.name);
    setPending(false);
    setProblems(found);
    if (found.length === 0) {
      setText('');
      onDone();
    }
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
    event.target.value = '';
  }

  return (
    <form className="tool-editor" onSubmit={(event) => void submit(event)}>
      <label className="field">
        {editing ? t('declarationOf', editing.name) : t('toolDeclaration')}
        <textarea
          value={text}
          rows={10}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={problems.length > 0 ? true : undefined}
        />
      </label>
      <p id={hintId} className="muted">
        <RichMessage id="toolDeclarationHint" parts={[<code key="secret">{'<secret>'}</code>]} />
      </p>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={pending || text.trim() === ''}>
          {editing ? t('saveTool') : t('addTool')}
        </button>
        {!editing && (
          <label className="file-button">
            {t('importFile')}
            <input
              type="file"
              accept=".json,application/json"
              onChange={(e) => void importFile(e)}
            />
          </label>
        )}
        {editing && (
          <button type="button" onClick={onDone}>
            {t('cancel')}
          </button>
        )}
      </div>
      {problems.length > 0 && (
        <ul className="form-error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </form>
  );
}

function ServerForm({ actions }: { actions: ToolsActions }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    const failure = await actions.addServer({
      name: name.trim(),
      url: url.trim(),
      ...(token.trim() ? { token: token.trim() } : {}),
    });
    setPending(false);
    if (failure) setError(failure);
    else {
      setName('');
      setUrl('');
      setToken('');
    }
  }

  return (
    <form className="tool-editor" onSubmit={(event) => void submit(event)}>
      <div className="field-row">
        <label className="field">
          {t('serverName')}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('serverNamePlaceholder')}
          />
        </label>
        <label className="field">
          {t('serverUrl')}
          <input
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder={t('serverUrlPlaceholder')}
          />
        </label>
      </div>
      <label className="field">
        {t('bearerToken')}
        <input
          type="password"
          value={token}
          autoComplete="off"
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <div className="form-actions">
        <button type="submit" disabled={pending || name === '' || url === ''}>
          {t('addMcpServer')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ServerEntry({
  server,
  disabledTools,
  actions,
}: {
  server: McpServerSetting;
  disabledTools: readonly string[];
  actions: ToolsActions;
}) {
  const [pending, setPending] = useState(false);
  const listed = server.tools ?? [];
  const names = [
    ...mcpToolNames(
      server.name,
      listed.map((tool) => tool.name),
    ),
  ];
  return (
    <li className="tool-server">
      <div className="tool-server-head">
        <strong>{t('mcpServerNamed', server.name)}</strong> <code>{server.url}</code>
        <button
          type="button"
          disabled={pending}
          aria-label={t('refreshNamed', server.name)}
          onClick={async () => {
            setPending(true);
            await actions.refreshServer(server.name);
            setPending(false);
          }}
        >
          {t('refresh')}
        </button>
        <button
          type="button"
          aria-label={t('removeNamed', server.name)}
          onClick={() => void actions.removeServer(server.name)}
        >
          {t('remove')}
        </button>
      </div>
      {server.error && (
        <p className="form-error" role="alert">
          {server.error}
        </p>
      )}
      {pending && <p className="muted">{t('listingServerTools')}</p>}
      <ul className="tool-rows" aria-label={t('toolsOf', server.name)}>
        {names.map(([modelName, original]) => (
          <li key={modelName}>
            <ToolSwitch
              name={modelName}
              description={listed.find((tool) => tool.name === original)?.description ?? ''}
              disabledTools={disabledTools}
              actions={actions}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Settings → Tools: every tool the agent can be given, built-in, declared and MCP, each with a
 * switch; declared tools are added from JSON and can be edited, removed and exported; MCP
 * servers are added by URL and re-listed with Refresh.
 */
export function ToolsSection({ disabledTools, custom, actions }: ToolsSectionProps) {
  const [editing, setEditing] = useState<string>();
  const titleId = useId();
  const editingDeclaration = custom?.declared.find((declaration) => declaration.name === editing);
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('tools')}</h3>
      <p className="muted">{t('toolsHint')}</p>
      <h4>{t('builtIn')}</h4>
      <ul className="tool-rows" aria-label={t('builtInTools')}>
        {BUILT_IN_MAIN_TOOLS.map((tool) => (
          <li key={tool.name}>
            <ToolSwitch {...tool} disabledTools={disabledTools} actions={actions} />
          </li>
        ))}
      </ul>
      {custom === undefined ? (
        <p className="muted">{t('loadingTools')}</p>
      ) : (
        <>
          <h4>{t('declared')}</h4>
          {custom.declared.length === 0 ? (
            <p className="muted">{t('noDeclaredTools')}</p>
          ) : (
            <ul className="tool-rows" aria-label={t('declaredTools')}>
              {custom.declared.map((declaration) => (
                <li key={declaration.name} className="tool-declared">
                  <ToolSwitch
                    name={declaration.name}
                    description={`${declaration.method} ${declaration.endpoint}: ${declaration.description}`}
                    disabledTools={disabledTools}
                    actions={actions}
                  />
                  <div className="tool-actions">
                    <button
                      type="button"
                      aria-label={t('editNamed', declaration.name)}
                      onClick={() => setEditing(declaration.name)}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('exportNamed', declaration.name)}
                      onClick={() => actions.exportDeclarations([declaration])}
                    >
                      {t('export')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('removeNamed', declaration.name)}
                      onClick={() => void actions.removeDeclaration(declaration.name)}
                    >
                      {t('remove')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <DeclarationEditor
            key={editing ?? 'new'}
            actions={actions}
            editing={editingDeclaration}
            onDone={() => setEditing(undefined)}
          />
          <h4>{t('mcpServers')}</h4>
          {custom.mcpServers.length > 0 && (
            <ul className="tool-servers">
              {custom.mcpServers.map((server) => (
                <ServerEntry
                  key={server.name}
                  server={server}
                  disabledTools={disabledTools}
                  actions={actions}
                />
              ))}
            </ul>
          )}
          <ServerForm actions={actions} />
        </>
      )}
    </section>
  );
}
