import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { inEnglish, LocalisedError, type LocalText, local } from '../../i18n/local-text';
import type { McpCallResult } from '../tool';

/** An MCP server as the user added it: where it is and the bearer token it takes, if any. */
export interface McpServerConfig {
  name: string;
  url: string;
  token?: string;
}

export interface ListedMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface McpConnection {
  listTools(): Promise<ListedMcpTool[]>;
  callTool(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpCallResult>;
  close(): Promise<void>;
}

/**
 * A failure with a sentence naming the server (and the tool, for a call). `retryable` marks a
 * call that failed on the way (the network, or a session the server no longer knows), which a
 * new connection may carry; an answer from the server, even an error, is never retried.
 */
export class McpFailure extends LocalisedError {
  override readonly name = 'McpFailure';
  constructor(
    text: LocalText | string,
    readonly retryable = false,
  ) {
    super(text);
  }
}

/** A network failure, or HTTP 404: the server lost the session (it restarted). */
function failedOnTheWay(error: unknown): boolean {
  return error instanceof TypeError || statusOf(error) === 404;
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Words for the user for what went wrong talking to a server. */
export function describeMcpError(server: McpServerConfig, error: unknown, tool?: string): string {
  return inEnglish(describeMcpErrorText(server, error, tool));
}

/** The same words as a stored sentence, shown in the chosen language (the server's own words stay). */
function describeMcpErrorText(server: McpServerConfig, error: unknown, tool?: string): LocalText {
  const who = tool
    ? local('mcpServerTool', server.name, tool)
    : local('mcpServerNamed', server.name);
  const status = statusOf(error);
  if (status === 401 || status === 403) return local('mcpTokenRefused', who, status);
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError || /fetch failed|Failed to fetch|ECONNREFUSED/i.test(message)) {
    return local('mcpUnreachable', who, server.url, message);
  }
  return local('mcpSaid', who, message);
}

/**
 * Every request to the server leaves without cookies or other browser credentials; the only
 * credential is the bearer token the user gave for this server.
 */
function requestInit(server: McpServerConfig): RequestInit {
  return {
    credentials: 'omit',
    ...(server.token ? { headers: { Authorization: `Bearer ${server.token}` } } : {}),
  };
}

function newClient(): Client {
  // The default validator compiles schemas with `new Function`, which an extension's CSP forbids.
  return new Client(
    { name: 'gleaner', version: '0.1.0' },
    { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
}

/**
 * Connects with the official SDK client over Streamable HTTP and, when the server answers that
 * with a 4xx (an older server), over the SSE transport as the SDK's documentation describes.
 */
export async function connectMcp(
  server: McpServerConfig,
  options: { fetch?: typeof fetch } = {},
): Promise<McpConnection> {
  const url = new URL(server.url);
  const transportOptions = {
    requestInit: requestInit(server),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  let client = newClient();
  try {
    await client.connect(new StreamableHTTPClientTransport(url, transportOptions));
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) {
      throw new McpFailure(describeMcpErrorText(server, error));
    }
    client = newClient();
    try {
      await client.connect(new SSEClientTransport(url, transportOptions));
    } catch (fallbackError) {
      throw new McpFailure(describeMcpErrorText(server, fallbackError));
    }
  }
  return {
    async listTools() {
      try {
        const tools: ListedMcpTool[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listTools(cursor ? { cursor } : {});
          for (const tool of page.tools) {
            tools.push({
              name: tool.name,
              description: tool.description ?? '',
              inputSchema: tool.inputSchema as Record<string, unknown>,
            });
          }
          cursor = page.nextCursor;
        } while (cursor);
        return tools;
      } catch (error) {
        throw new McpFailure(describeMcpErrorText(server, error));
      }
    },
    async callTool(tool, args, signal) {
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, {
          signal,
        });
        return result as McpCallResult;
      } catch (error) {
        if (signal.aborted) throw error;
        throw new McpFailure(describeMcpErrorText(server, error, tool), failedOnTheWay(error));
      }
    },
    close: () => client.close(),
  };
}
