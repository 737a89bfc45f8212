import type { RunNotice } from '../agent/run-context';
import { inEnglish, local, textOfError } from '../i18n/local-text';
import type { CustomTools } from '../settings/custom-tools';
import {
  connectMcp,
  type McpConnection,
  McpFailure,
  type McpServerConfig,
} from '../tools/mcp/mcp-connection';
import { createMcpTools } from '../tools/mcp/mcp-tool';
import type { McpCallResult, McpServerRef, Tool } from '../tools/tool';

/**
 * The worker's MCP clients: one connection per server (URL and token), opened when a run first
 * needs it and kept for the worker's life, since a connection is a session the server keeps. A
 * connection that fails is dropped, so the next run connects anew; a server removed from
 * Settings is closed at the next run. A call that fails on the way (the network, a session the
 * server forgot after a restart) is tried once more on a new connection, as declared tools are.
 */
export function createMcpPool(connect: typeof connectMcp = connectMcp) {
  const connections = new Map<string, Promise<McpConnection>>();
  const servers = new Map<string, McpServerConfig>();
  const keyOf = (server: McpServerConfig) => `${server.url}\n${server.token ?? ''}`;

  function connection(server: McpServerConfig): Promise<McpConnection> {
    const key = keyOf(server);
    let open = connections.get(key);
    if (!open) {
      open = connect(server);
      connections.set(key, open);
      open.catch(() => connections.delete(key));
    }
    return open;
  }

  async function drop(server: McpServerConfig): Promise<void> {
    const key = keyOf(server);
    const open = connections.get(key);
    connections.delete(key);
    await open?.then((client) => client.close()).catch(() => undefined);
  }

  return {
    /**
     * The tools of every server in Settings. A server that cannot be reached is left out of this
     * answer, with a sentence for the user saying which and why.
     */
    async tools(custom: CustomTools): Promise<{ tools: Tool[]; unreachable: RunNotice[] }> {
      const wanted = new Set(custom.mcpServers.map(keyOf));
      for (const [key] of connections) {
        if (!wanted.has(key)) {
          const stale = connections.get(key);
          connections.delete(key);
          void stale?.then((client) => client.close()).catch(() => undefined);
        }
      }
      servers.clear();
      const unreachable: RunNotice[] = [];
      const lists = await Promise.all(
        custom.mcpServers.map(async (server) => {
          servers.set(server.name, server);
          try {
            const listed = await (await connection(server)).listTools();
            return createMcpTools({ name: server.name, url: server.url }, listed);
          } catch (error) {
            const reason = textOfError(error) ?? (error as Error).message.replace(/[.\s]*$/, '.');
            const text = local('mcpLeftOut', reason);
            unreachable.push({ notice: inEnglish(text), noticeI18n: text });
            await drop(server);
            return [];
          }
        }),
      );
      return { tools: lists.flat(), unreachable };
    },
    async call(
      ref: McpServerRef,
      tool: string,
      args: Record<string, unknown>,
      signal: AbortSignal,
    ): Promise<McpCallResult> {
      const server = servers.get(ref.name);
      if (!server || server.url !== ref.url) {
        throw new Error(`MCP server ${ref.name} is no longer in Settings → Tools.`);
      }
      try {
        return await (await connection(server)).callTool(tool, args, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        // A broken session is not reused.
        await drop(server);
        if (!(error instanceof McpFailure && error.retryable)) throw error;
      }
      try {
        return await (await connection(server)).callTool(tool, args, signal);
      } catch (error) {
        // The model reads the error and may try again.
        if (!signal.aborted) await drop(server);
        throw error;
      }
    },
  };
}
export type McpPool = ReturnType<typeof createMcpPool>;
