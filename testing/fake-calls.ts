import type {
  CallServices,
  DeclaredRequest,
  DeclaredResponse,
  McpCallResult,
} from '../lib/tools/tool';

export type FakeHttpReply =
  | DeclaredResponse
  | Error
  | ((signal: AbortSignal) => Promise<DeclaredResponse>);

/**
 * Declared-tool and MCP calls answered from scripts, recording every request that would have
 * left the browser. Replies are used in order; the last one repeats.
 */
export function fakeCalls(
  http: FakeHttpReply[] = [],
  mcp: Record<string, McpCallResult> = {},
): CallServices & {
  requests: DeclaredRequest[];
  mcpCalls: Array<{ server: string; tool: string; args: Record<string, unknown> }>;
} {
  const requests: DeclaredRequest[] = [];
  const mcpCalls: Array<{ server: string; tool: string; args: Record<string, unknown> }> = [];
  return {
    requests,
    mcpCalls,
    async http(request, signal) {
      requests.push(request);
      const reply = http[Math.min(requests.length - 1, http.length - 1)];
      if (!reply) throw new Error('no scripted reply');
      if (reply instanceof Error) throw reply;
      if (typeof reply === 'function') return reply(signal);
      return reply;
    },
    async mcp(server, tool, args) {
      mcpCalls.push({ server: server.name, tool, args });
      const result = mcp[tool];
      if (!result) throw new Error(`${tool} is not on the fake server`);
      return result;
    },
  };
}

export function jsonReply(body: unknown, status = 200): DeclaredResponse {
  return {
    status,
    statusText: status === 200 ? 'OK' : '',
    contentType: 'application/json',
    text: JSON.stringify(body),
  };
}
