import { afterEach, describe, expect, it } from 'vitest';
import { local, storedSentence } from '../i18n/local-text';
import { setActiveLanguage } from '../i18n/translate';
import { type McpConnection, McpFailure, type McpServerConfig } from '../tools/mcp/mcp-connection';
import { createMcpPool } from './mcp-pool';

const files: McpServerConfig = { name: 'files', url: 'http://127.0.0.1:9/mcp' };
const custom = { declared: [], mcpServers: [files] };
const listed = [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' } }];

/** A server whose calls fail as the script says, counting connections and calls. */
function scriptedServer(failures: Array<McpFailure | undefined>) {
  const counts = { connections: 0, calls: 0 };
  const connect = async (): Promise<McpConnection> => {
    counts.connections++;
    return {
      listTools: async () => listed,
      async callTool() {
        const failure = failures[counts.calls++];
        if (failure) throw failure;
        return { content: [{ type: 'text', text: 'echoed' }] };
      },
      close: async () => undefined,
    };
  };
  return { counts, connect };
}

afterEach(() => setActiveLanguage('en'));

describe('the MCP pool', () => {
  it('leaves an unreachable server out with a sentence naming it, and lists the others', async () => {
    const pool = createMcpPool(async (server) => {
      if (server.name === 'files') {
        throw new McpFailure(
          local('mcpUnreachable', 'MCP server files', 'http://127.0.0.1:9/mcp', 'fetch failed'),
        );
      }
      return {
        listTools: async () => listed,
        callTool: async () => ({ content: [] }),
        close: async () => undefined,
      };
    });
    const served = await pool.tools({
      declared: [],
      mcpServers: [files, { name: 'notes', url: 'http://127.0.0.1:8/mcp' }],
    });
    expect(served.tools.map((tool) => tool.name)).toEqual(['mcp__notes__echo']);
    const [unreachable] = served.unreachable;
    expect(served.unreachable).toHaveLength(1);
    expect(unreachable?.notice).toBe(
      'MCP server files: http://127.0.0.1:9/mcp is unreachable (fetch failed). Its tools are left out of this answer; check the server in Settings → Tools.',
    );
    // The panel shows the same sentence in the chosen language, from its keys.
    setActiveLanguage('ru');
    expect(storedSentence(unreachable!.notice, unreachable!.noticeI18n)).toBe(
      'MCP server files: http://127.0.0.1:9/mcp недоступен (fetch failed). Его инструменты в этом ответе не используются; проверьте сервер в разделе «Настройки → Инструменты».',
    );
  });

  it('tries a call that failed on the way once more, on a new connection', async () => {
    const server = scriptedServer([new McpFailure('MCP server files, tool echo: lost.', true)]);
    const pool = createMcpPool(server.connect);
    await pool.tools(custom);
    const result = await pool.call(files, 'echo', {}, new AbortController().signal);
    expect(result.content).toEqual([{ type: 'text', text: 'echoed' }]);
    expect(server.counts).toEqual({ connections: 2, calls: 2 });
  });

  it('does not repeat a call the server answered with an error, nor retry more than once', async () => {
    const answered = scriptedServer([new McpFailure('MCP server files, tool echo: bad input.')]);
    const pool = createMcpPool(answered.connect);
    await pool.tools(custom);
    await expect(pool.call(files, 'echo', {}, new AbortController().signal)).rejects.toThrow(
      'bad input',
    );
    expect(answered.counts.calls).toBe(1);

    const lost = new McpFailure('MCP server files, tool echo: lost.', true);
    const twice = scriptedServer([lost, lost]);
    const again = createMcpPool(twice.connect);
    await again.tools(custom);
    await expect(again.call(files, 'echo', {}, new AbortController().signal)).rejects.toThrow(
      'lost',
    );
    expect(twice.counts.calls).toBe(2);
  });
});
