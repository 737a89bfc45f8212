import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import type { CustomTools, McpServerSetting } from '../../lib/settings/custom-tools';
import {
  BUILT_IN_MAIN_TOOLS,
  type ToolDeclaration,
  withoutSecrets,
} from '../../lib/settings/tool-declaration';
import { mcpToolNames } from '../../lib/tools/mcp/mcp-names';
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
        {editing ? `Declaration of ${editing.name} (JSON)` : 'Tool declaration (JSON)'}
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
        One declaration or an array: name, description, parameters (JSON Schema), endpoint, method,
        headers, timeout_secs, retries, result. Header values are kept like your API key and shown
        as {'<secret>'}; leave that to keep the stored value.
      </p>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={pending || text.trim() === ''}>
          {editing ? 'Save tool' : 'Add tool'}
        </button>
        {!editing && (
          <label className="file-button">
            Import file
            <input
              type="file"
              accept=".json,application/json"
              onChange={(e) => void importFile(e)}
            />
          </label>
        )}
        {editing && (
          <button type="button" onClick={onDone}>
            Cancel
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
          Server name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="files"
          />
        </label>
        <label className="field">
          Server URL
          <input
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://mcp.example/mcp"
          />
        </label>
      </div>
      <label className="field">
        Bearer token (optional)
        <input
          type="password"
          value={token}
          autoComplete="off"
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <div className="form-actions">
        <button type="submit" disabled={pending || name === '' || url === ''}>
          Add MCP server
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
        <strong>MCP server {server.name}</strong> <code>{server.url}</code>
        <button
          type="button"
          disabled={pending}
          aria-label={`Refresh ${server.name}`}
          onClick={async () => {
            setPending(true);
            await actions.refreshServer(server.name);
            setPending(false);
          }}
        >
          Refresh
        </button>
        <button
          type="button"
          aria-label={`Remove ${server.name}`}
          onClick={() => void actions.removeServer(server.name)}
        >
          Remove
        </button>
      </div>
      {server.error && (
        <p className="form-error" role="alert">
          {server.error}
        </p>
      )}
      {pending && <p className="muted">Listing the server’s tools…</p>}
      <ul className="tool-rows" aria-label={`Tools of ${server.name}`}>
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
      <h3 id={titleId}>Tools</h3>
      <p className="muted">
        Switched-off tools are not offered to the model from the next answer on. Declared and MCP
        tools ask you on a card before every call.
      </p>
      <h4>Built-in</h4>
      <ul className="tool-rows" aria-label="Built-in tools">
        {BUILT_IN_MAIN_TOOLS.map((tool) => (
          <li key={tool.name}>
            <ToolSwitch {...tool} disabledTools={disabledTools} actions={actions} />
          </li>
        ))}
      </ul>
      {custom === undefined ? (
        <p className="muted">Loading tools…</p>
      ) : (
        <>
          <h4>Declared</h4>
          {custom.declared.length === 0 ? (
            <p className="muted">No declared tools yet.</p>
          ) : (
            <ul className="tool-rows" aria-label="Declared tools">
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
                      aria-label={`Edit ${declaration.name}`}
                      onClick={() => setEditing(declaration.name)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      aria-label={`Export ${declaration.name}`}
                      onClick={() => actions.exportDeclarations([declaration])}
                    >
                      Export
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${declaration.name}`}
                      onClick={() => void actions.removeDeclaration(declaration.name)}
                    >
                      Remove
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
          <h4>MCP servers</h4>
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
