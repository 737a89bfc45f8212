import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { type ToolDeclaration, toolDeclarationSchema } from './tool-declaration';

/**
 * Tools the user adds: declared HTTP tools and MCP servers. They are kept where the API key is
 * kept (the extension's local storage, never IndexedDB), because header values and bearer
 * tokens are secrets: nothing here reaches the sessions database, a session export or a log.
 */

export const mcpServerSchema = z.object({
  /** Short name the tools are offered under: `mcp__<name>__<tool>`. */
  name: z
    .string({ error: 'Server name is required.' })
    .regex(
      /^[a-z][a-z0-9]{0,15}$/,
      'Server name must be lowercase letters and digits, starting with a letter, at most 16.',
    ),
  url: z.string().superRefine((value, context) => {
    try {
      const url = new URL(value);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return;
    } catch {
      // Reported below.
    }
    context.addIssue({
      code: 'custom',
      message: `Server URL must be an https URL (http only on this computer); got "${value}".`,
    });
  }),
  /** Sent as `Authorization: Bearer …` to this server only. */
  token: z.string().optional(),
  /** The tools the server listed at the last Refresh, for the Settings list. */
  tools: z.array(z.object({ name: z.string(), description: z.string() })).optional(),
  /** Why the last Refresh failed, if it did. */
  error: z.string().optional(),
});
export type McpServerSetting = z.infer<typeof mcpServerSchema>;

const customToolsSchema = z.object({
  declared: z.array(toolDeclarationSchema),
  mcpServers: z.array(mcpServerSchema),
});
export type CustomTools = z.infer<typeof customToolsSchema>;

const EMPTY_CUSTOM_TOOLS: CustomTools = { declared: [], mcpServers: [] };

const customToolsItem = storage.defineItem<CustomTools>('local:customTools', {
  fallback: EMPTY_CUSTOM_TOOLS,
});

/**
 * Reads what is stored. Each entry is checked on its own, so one entry edited by hand into
 * something invalid is dropped (and said so) without losing the others.
 */
export function parseStoredCustomTools(raw: unknown): CustomTools {
  const record = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const keep = <T>(schema: z.ZodType<T>, entries: unknown): T[] =>
    (Array.isArray(entries) ? entries : []).flatMap((entry) => {
      const parsed = schema.safeParse(entry);
      if (!parsed.success) console.warn('Gleaner dropped an invalid stored tool entry.');
      return parsed.success ? [parsed.data] : [];
    });
  return {
    declared: keep(toolDeclarationSchema, record.declared) as ToolDeclaration[],
    mcpServers: keep(mcpServerSchema, record.mcpServers),
  };
}

export async function loadCustomTools(): Promise<CustomTools> {
  return parseStoredCustomTools(await customToolsItem.getValue());
}

export async function saveCustomTools(tools: CustomTools): Promise<void> {
  await customToolsItem.setValue(customToolsSchema.parse(tools));
}

export function watchCustomTools(callback: (tools: CustomTools) => void): () => void {
  return customToolsItem.watch((value) => callback(parseStoredCustomTools(value)));
}
