import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  loadCustomTools,
  mcpServerSchema,
  parseStoredCustomTools,
  saveCustomTools,
} from './custom-tools';
import { parseDeclarations } from './tool-declaration';

const parsed = parseDeclarations(
  JSON.stringify({
    name: 'search_warehouse',
    description: 'Looks up the stock of a product by its SKU.',
    parameters: { type: 'object', properties: { sku: { type: 'string' } } },
    endpoint: 'https://stock.example/invoke',
    headers: { 'X-Api-Key': 'k-secret' },
  }),
);
if (!parsed.ok) throw new Error(parsed.problems.join(' '));
const declaration = parsed.declarations[0]!;

beforeEach(() => fakeBrowser.reset());

describe('declared tools and MCP servers', () => {
  it('are kept in the extension’s local storage, where the API key is, secrets included', async () => {
    await saveCustomTools({
      declared: [declaration],
      mcpServers: [{ name: 'files', url: 'https://mcp.example/mcp', token: 't-secret' }],
    });
    const stored = await fakeBrowser.storage.local.get('customTools');
    expect(JSON.stringify(stored)).toContain('k-secret');
    expect(await loadCustomTools()).toEqual({
      declared: [declaration],
      mcpServers: [{ name: 'files', url: 'https://mcp.example/mcp', token: 't-secret' }],
    });
  });

  it('drop an entry edited by hand into something invalid, keeping the rest', () => {
    const read = parseStoredCustomTools({
      declared: [declaration, { ...declaration, name: 'other', endpoint: 'ftp://x' }],
      mcpServers: [{ name: 'Bad Name', url: 'https://mcp.example' }],
    });
    expect(read).toEqual({ declared: [declaration], mcpServers: [] });
  });

  it('refuse an MCP server on plain http off this computer, with a sentence', () => {
    const parsed = mcpServerSchema.safeParse({ name: 'files', url: 'http://mcp.example/' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Server URL must be an https URL (http only on this computer); got "http://mcp.example/".',
    ]);
    const local = mcpServerSchema.safeParse({ name: 'local', url: 'http://127.0.0.1:3001/mcp' });
    expect(local.success).toBe(true);
  });
});
