import { describe, expect, it } from 'vitest';
import { fakeCalls } from '../../../testing/fake-calls';
import { fakeServices } from '../../../testing/fake-services';
import { toolContext } from '../../../testing/tool-context';
import { callTool } from '../../agent/call-tool';
import { toolSpec } from '../registry';
import type { ConsentPrompt, McpCallResult } from '../tool';
import { describeMcpError } from './mcp-connection';
import { createMcpTools, describeMcpContent } from './mcp-tool';

const SERVER = { name: 'everything', url: 'http://127.0.0.1:3001/mcp' };
const [add] = createMcpTools(SERVER, [
  {
    name: 'get-sum',
    description: 'Returns the sum of two numbers',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
]);

function call(result: McpCallResult | Error) {
  const calls = fakeCalls([], result instanceof Error ? {} : { 'get-sum': result });
  if (result instanceof Error) {
    calls.mcp = async () => {
      throw result;
    };
  }
  const asked: ConsentPrompt[] = [];
  const outcome = callTool(
    add!,
    { a: 2, b: 3 },
    {
      ...toolContext({ services: fakeServices([], undefined, { calls }) }),
      ask: async (prompt) => {
        asked.push(prompt);
        return 'allowed';
      },
    },
  );
  return { outcome, asked, calls };
}

describe('an MCP tool', () => {
  it('is offered as mcp__<server>__<tool> with the server’s JSON Schema', () => {
    expect(toolSpec(add!)).toEqual({
      name: 'mcp__everything__get-sum',
      description: 'Returns the sum of two numbers (from the MCP server everything).',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: {},
      },
    });
  });

  it('asks naming the tool, the server and the arguments, then calls the server’s own name', async () => {
    const { outcome, asked, calls } = call({ content: [{ type: 'text', text: 'The sum is 5.' }] });
    const result = await outcome;
    expect(asked).toEqual([
      {
        kind: 'tool',
        target: 'mcp__everything__get-sum',
        host: 'http://127.0.0.1:3001/mcp',
        detail: 'Arguments: {\n  "a": 2,\n  "b": 3\n}',
      },
    ]);
    expect(calls.mcpCalls).toEqual([
      { server: 'everything', tool: 'get-sum', args: { a: 2, b: 3 } },
    ]);
    if (result.kind !== 'result') throw new Error('expected a result');
    expect(result.content).toContain(
      'source="MCP server everything, tool get-sum" url="http://127.0.0.1:3001/mcp"',
    );
    expect(result.content).toContain('The sum is 5.');
  });

  it('names the server and the tool when the tool fails', async () => {
    const { outcome } = call({ isError: true, content: [{ type: 'text', text: 'bad input' }] });
    expect(await outcome).toMatchObject({
      kind: 'error',
      message: 'MCP server everything, tool get-sum failed: bad input',
    });
  });

  it('passes on the connection’s sentence when the server cannot be reached', async () => {
    const error = new Error(describeMcpError(SERVER, new TypeError('fetch failed'), 'get-sum'));
    const { outcome } = call(error);
    expect(await outcome).toEqual({
      kind: 'error',
      message:
        'MCP server everything, tool get-sum: http://127.0.0.1:3001/mcp is unreachable (fetch failed).',
    });
  });
});

describe('MCP results that are not text', () => {
  it('are described, not passed on', () => {
    expect(
      describeMcpContent({
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'image', mimeType: 'image/png', data: 'A'.repeat(4096) },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
          { type: 'resource', resource: { uri: 'file:///b.bin' } },
          { type: 'resource_link', uri: 'file:///c', name: 'c' },
          { type: 'video' },
        ],
      }),
    ).toBe(
      [
        'Here:',
        '[The server returned an image (image/png, 3.0 KB); it is not shown.]',
        'inside',
        '[The server returned the resource file:///b.bin.]',
        '[The server linked the resource c file:///c.]',
        '[The server returned content of type video, which Gleaner does not read.]',
      ].join('\n\n'),
    );
  });

  it('fall back to structured content when there is no content block', () => {
    expect(describeMcpContent({ content: [], structuredContent: { sum: 5 } })).toBe(
      '{\n  "sum": 5\n}',
    );
  });
});

describe('MCP connection errors', () => {
  it('say what happened, naming the server', () => {
    const status = Object.assign(new Error('Unauthorized'), { code: 401 });
    expect(describeMcpError(SERVER, status)).toBe(
      'MCP server everything: the server refused the token (HTTP 401); check the bearer token in Settings → Tools.',
    );
    expect(describeMcpError(SERVER, new Error('Tool nope not found'), 'nope')).toBe(
      'MCP server everything, tool nope: Tool nope not found',
    );
  });
});
