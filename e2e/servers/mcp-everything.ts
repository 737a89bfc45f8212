/**
 * The reference MCP server `@modelcontextprotocol/server-everything` (a real server nobody here
 * wrote), in Streamable HTTP mode on a loopback port, for the MCP browser test.
 *
 * Its own launcher (`mcp-server-everything streamableHttp`, see its dist/index.js) listens on
 * every interface of a fixed `PORT`; this serves the same server factory with the SDK's
 * Streamable HTTP server transport the way that launcher does (one transport per session, keyed
 * by `mcp-session-id`), but on 127.0.0.1 and a free port. Every JSON-RPC request is recorded.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
// @ts-expect-error The package ships JavaScript without type declarations.
import { createServer } from '@modelcontextprotocol/server-everything/dist/server/index.js';

interface EverythingServer {
  server: { connect(transport: unknown): Promise<void>; server: { onclose?: () => void } };
  cleanup(sessionId?: string): void;
}

export interface McpEverything {
  url: string;
  /** JSON-RPC methods received, with the tool name and arguments of each `tools/call`. */
  calls: Array<{ method: string; tool?: string; arguments?: unknown; authorization?: string }>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

export async function startMcpEverything(): Promise<McpEverything> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const calls: McpEverything['calls'] = [];
  const http = createHttpServer(async (request, response) => {
    try {
      const sessionId = request.headers['mcp-session-id'] as string | undefined;
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      for (const message of Array.isArray(body) ? body : body ? [body] : []) {
        const { method, params } = message as {
          method?: string;
          params?: { name?: string; arguments?: unknown };
        };
        if (method) {
          calls.push({
            method,
            ...(method === 'tools/call'
              ? { tool: params?.name, arguments: params?.arguments }
              : {}),
            ...(request.headers.authorization
              ? { authorization: request.headers.authorization }
              : {}),
          });
        }
      }
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId || request.method !== 'POST') {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
            }),
          );
          return;
        }
        const { server, cleanup } = (createServer as () => EverythingServer)();
        const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            transports.set(id, fresh);
          },
        });
        server.server.onclose = () => {
          if (fresh.sessionId) transports.delete(fresh.sessionId);
          cleanup(fresh.sessionId);
        };
        await server.connect(fresh);
        transport = fresh;
      }
      await transport.handleRequest(request, response, body);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    async close() {
      for (const transport of transports.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
