import { expect } from '@playwright/test';
import { test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import { type McpEverything, startMcpEverything } from './servers/mcp-everything';
import { type MockLlm, messageText } from './servers/mock-llm';
import { startToolEndpoint, type ToolEndpoint } from './servers/tool-endpoint';
import { toolResult } from './tool-results';

/**
 * Tools people add themselves (issue 12): a declared HTTP tool pointing at a local endpoint, and
 * the reference MCP server over Streamable HTTP, each called by the mock model behind a card.
 */

const SECRET = 'wh-key-e2e-0123456789';

function declaration(endpoint?: string) {
  return JSON.stringify(
    {
      name: 'search_warehouse',
      description: 'Looks up the stock of a product by its SKU and returns the quantity.',
      parameters: {
        type: 'object',
        properties: { sku: { type: 'string', description: 'The product SKU' } },
        required: ['sku'],
      },
      ...(endpoint ? { endpoint } : {}),
      method: 'POST',
      headers: { 'X-Api-Key': SECRET },
      timeout_secs: 10,
      retries: 0,
      result: '/stock',
    },
    null,
    2,
  );
}

function offeredTools(mock: MockLlm, index: number): string[] {
  return (mock.chatRequests()[index]?.body.tools ?? []).map((tool) => tool.function.name);
}

function toolsSection(panel: SidePanel) {
  return panel.page.getByRole('region', { name: 'Tools', exact: true });
}

let endpoint: ToolEndpoint | undefined;
let mcp: McpEverything | undefined;
test.afterEach(async () => {
  await endpoint?.close();
  await mcp?.close();
  endpoint = undefined;
  mcp = undefined;
});

test.describe('tools the user adds', () => {
  test('a declared tool: refused without an endpoint, then called behind its card with exactly the declared request', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    endpoint = await startToolEndpoint({ stock: { sku: 'A-1', quantity: 42 }, debug: 'unused' });
    await panel.openSettings();
    const tools = toolsSection(panel);
    const editor = tools.getByLabel('Tool declaration (JSON)');

    await editor.fill(declaration());
    await tools.getByRole('button', { name: 'Add tool', exact: true }).click();
    await expect(tools.getByRole('alert')).toHaveText(
      'Tool search_warehouse: `endpoint` is required: the https URL the call is sent to.',
    );
    await expect(tools.getByRole('switch', { name: 'search_warehouse' })).toHaveCount(0);

    await editor.fill(declaration(endpoint.url));
    await tools.getByRole('button', { name: 'Add tool', exact: true }).click();
    await expect(tools.getByRole('switch', { name: 'search_warehouse' })).toBeChecked();
    await expect(editor).toHaveValue('');
    await panel.backToChat();

    mockLlm.enqueue({
      toolCalls: [{ id: 'call-wh', name: 'search_warehouse', arguments: { sku: 'A-1' } }],
    });
    mockLlm.enqueue((body) => {
      const result = messageText(body.messages.at(-1)?.content);
      return {
        text: result.includes('"quantity": 42') ? 'There are 42 of A-1 in stock.' : 'No result.',
      };
    });
    await panel.ask('How many A-1 do we have?');

    const card = panel.consentCard;
    await expect(card).toBeVisible();
    await expect(card).toContainText('Call tool search_warehouse at:');
    await expect(card.getByRole('code').filter({ hasText: endpoint.url })).toBeVisible();
    await expect(card).toContainText('"sku": "A-1"');
    await expect(card).not.toContainText(SECRET);
    await expect(card.getByRole('button', { name: 'Always allow this tool' })).toBeEnabled();
    await expect(
      card.getByRole('checkbox', { name: 'Allow all tool calls for this answer' }),
    ).not.toBeChecked();
    expect(endpoint.requests).toEqual([]);
    await panel.allowOnceButton.click();

    await panel.expectAnswer('There are 42 of A-1 in stock.');
    await panel.expectIdle();
    await expect(
      panel.answers.last().getByRole('link', { name: /Tool search_warehouse/ }),
    ).toBeVisible();

    expect(offeredTools(mockLlm, 0)).toContain('search_warehouse');
    expect(endpoint.requests).toHaveLength(1);
    const [sent] = endpoint.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/invoke/search_warehouse',
      query: {},
      body: '{"sku":"A-1"}',
    });
    expect(sent!.headers['x-api-key']).toBe(SECRET);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers.cookie).toBeUndefined();
    expect(sent!.headers.authorization).toBeUndefined();
    const result = toolResult(mockLlm, 'call-wh') ?? '';
    expect(result).toContain('"quantity": 42');
    expect(result).not.toContain('unused');
    expect(result).toMatch(/<untrusted-content-\w+ source="tool search_warehouse"/);

    // Switched off, the tool (and fetch) are gone from the next request.
    await panel.openSettings();
    await tools.getByRole('switch', { name: 'search_warehouse' }).uncheck();
    await tools.getByRole('switch', { name: 'fetch', exact: true }).uncheck();
    await expect(tools.getByRole('switch', { name: 'fetch', exact: true })).not.toBeChecked();
    await panel.backToChat();
    mockLlm.enqueue({ text: 'Without the tool.' });
    await panel.ask('And now?');
    await panel.expectAnswer('Without the tool.');
    const next = offeredTools(mockLlm, mockLlm.chatRequests().length - 1);
    expect(next).not.toContain('search_warehouse');
    expect(next).not.toContain('fetch');
    expect(next).toContain('read_tab');
  });

  test('an MCP server: its tools are listed, and echo and get-sum run behind cards', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    mcp = await startMcpEverything();
    await panel.openSettings();
    const tools = toolsSection(panel);
    await tools.getByLabel('Server name').fill('everything');
    await tools.getByLabel('Server URL').fill(mcp.url);
    await tools.getByRole('button', { name: 'Add MCP server' }).click();
    const listed = tools.getByRole('list', { name: 'Tools of everything' });
    await expect(listed.getByRole('switch', { name: 'mcp__everything__echo' })).toBeChecked();
    await expect(listed.getByRole('switch', { name: 'mcp__everything__get-sum' })).toBeChecked();
    await expect(listed).toContainText('Echoes back the input string');
    await panel.backToChat();

    mockLlm.enqueue({
      toolCalls: [
        {
          id: 'call-echo',
          name: 'mcp__everything__echo',
          arguments: { message: 'hello from e2e' },
        },
      ],
    });
    mockLlm.enqueue({
      toolCalls: [{ id: 'call-sum', name: 'mcp__everything__get-sum', arguments: { a: 2, b: 3 } }],
    });
    mockLlm.enqueue({ text: 'Echoed, and 2 + 3 = 5.' });
    await panel.ask('Echo something and add 2 and 3.');

    await expect(panel.consentCard).toContainText('Call tool mcp__everything__echo at:');
    await expect(panel.consentCard).toContainText(mcp.url);
    await expect(panel.consentCard).toContainText('"message": "hello from e2e"');
    await panel.allowOnceButton.click();
    await expect(panel.consentCard).toContainText('Call tool mcp__everything__get-sum at:');
    await expect(panel.consentCard).toContainText('"a": 2');
    await panel.allowOnceButton.click();
    await panel.expectAnswer('Echoed, and 2 + 3 = 5.');

    expect(offeredTools(mockLlm, 0)).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']),
    );
    expect(toolResult(mockLlm, 'call-echo')).toContain('Echo: hello from e2e');
    expect(toolResult(mockLlm, 'call-sum')).toContain('The sum of 2 and 3 is 5.');
    expect(mcp.calls.filter((call) => call.method === 'tools/call')).toEqual([
      { method: 'tools/call', tool: 'echo', arguments: { message: 'hello from e2e' } },
      { method: 'tools/call', tool: 'get-sum', arguments: { a: 2, b: 3 } },
    ]);

    // The server goes away: the next answer goes without its tools and says so.
    await mcp.close();
    mcp = undefined;
    mockLlm.enqueue({ text: 'Answered without the server.' });
    await panel.ask('And now?');
    await panel.expectAnswer('Answered without the server.');
    await expect(
      panel.page.getByText(/MCP server everything: .* Its tools are left out of this answer/),
    ).toBeVisible();
    expect(offeredTools(mockLlm, 3)).not.toContain('mcp__everything__echo');
  });
});
