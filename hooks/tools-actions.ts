import { downloadTextFile } from '../lib/sessions/download-file';
import {
  loadCustomTools,
  type McpServerSetting,
  mcpServerSchema,
  saveCustomTools,
} from '../lib/settings/custom-tools';
import { loadSettings, saveSettings } from '../lib/settings/store';
import {
  parseDeclarations,
  restoreSecrets,
  type ToolDeclaration,
  withoutSecrets,
} from '../lib/settings/tool-declaration';
import { connectMcp } from '../lib/tools/mcp/mcp-connection';

async function setToolEnabled(name: string, enabled: boolean): Promise<string | undefined> {
  try {
    const settings = await loadSettings();
    const others = settings.disabledTools.filter((tool) => tool !== name);
    await saveSettings({ ...settings, disabledTools: enabled ? others : [...others, name] });
    return undefined;
  } catch (error) {
    return `Could not save the switch: ${(error as Error).message}`;
  }
}

/**
 * Adds the declarations in the text, or replaces the one being edited. Either all of them are
 * stored or none: the problems come back as sentences naming the tool and the field.
 */
async function saveDeclarations(text: string, replacing?: string): Promise<string[]> {
  const custom = await loadCustomTools();
  const taken = custom.declared.map((tool) => tool.name).filter((name) => name !== replacing);
  const parsed = parseDeclarations(text, taken);
  if (!parsed.ok) return parsed.problems;
  if (replacing && parsed.declarations.length !== 1) {
    return [`Editing ${replacing} takes one declaration, not a list.`];
  }
  const stored = custom.declared.find((tool) => tool.name === replacing);
  const restored: ToolDeclaration[] = [];
  for (const declaration of parsed.declarations) {
    const result = restoreSecrets(declaration, stored);
    if (!result.ok) return [result.problem];
    restored.push(result.declaration);
  }
  const declared = replacing
    ? custom.declared.map((tool) => (tool.name === replacing ? restored[0]! : tool))
    : [...custom.declared, ...restored];
  await saveCustomTools({ ...custom, declared });
  return [];
}

async function removeDeclaration(name: string): Promise<void> {
  const custom = await loadCustomTools();
  await saveCustomTools({
    ...custom,
    declared: custom.declared.filter((tool) => tool.name !== name),
  });
}

function exportDeclarations(declarations: ToolDeclaration[]): void {
  const clean = declarations.map(withoutSecrets);
  const name = clean.length === 1 ? `${clean[0]!.name}.json` : 'gleaner-tools.json';
  downloadTextFile(
    name,
    `${JSON.stringify(clean.length === 1 ? clean[0] : clean, null, 2)}\n`,
    'application/json',
  );
}

async function updateServer(name: string, changes: Partial<McpServerSetting>): Promise<void> {
  const custom = await loadCustomTools();
  await saveCustomTools({
    ...custom,
    mcpServers: custom.mcpServers.map((server) =>
      server.name === name ? { ...server, ...changes } : server,
    ),
  });
}

/** Lists the server's tools with the SDK client and stores them for the Settings list. */
async function refreshServer(name: string): Promise<string | undefined> {
  const server = (await loadCustomTools()).mcpServers.find((entry) => entry.name === name);
  if (!server) return `MCP server ${name} is not in Settings any more.`;
  try {
    const connection = await connectMcp(server);
    try {
      const tools = await connection.listTools();
      const { error: _old, ...rest } = server;
      await updateServer(name, {
        ...rest,
        tools: tools.map(({ name: tool, description }) => ({ name: tool, description })),
        error: undefined,
      });
    } finally {
      await connection.close().catch(() => undefined);
    }
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    await updateServer(name, { error: message });
    return message;
  }
}

async function addServer(
  input: Pick<McpServerSetting, 'name' | 'url' | 'token'>,
): Promise<string | undefined> {
  const parsed = mcpServerSchema.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join(' ');
  const custom = await loadCustomTools();
  if (custom.mcpServers.some((server) => server.name === parsed.data.name)) {
    return `An MCP server named ${parsed.data.name} is already added.`;
  }
  await saveCustomTools({ ...custom, mcpServers: [...custom.mcpServers, parsed.data] });
  return refreshServer(parsed.data.name);
}

async function removeServer(name: string): Promise<void> {
  const custom = await loadCustomTools();
  await saveCustomTools({
    ...custom,
    mcpServers: custom.mcpServers.filter((server) => server.name !== name),
  });
}

/** What Settings → Tools does: every change is stored at once and used from the next answer. */
export const toolsActions = {
  setToolEnabled,
  saveDeclarations,
  removeDeclaration,
  exportDeclarations,
  addServer,
  refreshServer,
  removeServer,
};
