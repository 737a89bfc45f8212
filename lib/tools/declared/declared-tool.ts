import { local, localCount } from '../../i18n/local-text';
import type { ToolDeclaration } from '../../settings/tool-declaration';
import type { Timers } from '../../web/timers';
import { callResult } from '../support/call-result';
import { type DeclaredRequest, defineTool, type Tool } from '../tool';
import { type AttemptLog, callWithRetries } from './call-with-retries';
import { jsonSchemaToZod } from './json-schema-to-zod';

export interface DeclaredToolOptions {
  timers?: Timers;
  log?: (entry: AttemptLog) => void;
}

/** The full arguments as the card shows them: nothing the call sends is left out. */
export function argumentsForCard(args: unknown): string {
  return `Arguments: ${JSON.stringify(args, null, 2)}`;
}

function requestFor(declaration: ToolDeclaration, args: Record<string, unknown>): DeclaredRequest {
  const headers = { ...(declaration.headers ?? {}) };
  if (declaration.method === 'GET') {
    const url = new URL(declaration.endpoint);
    for (const [name, value] of Object.entries(args)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        url.searchParams.append(name, String(item));
      }
    }
    return { url: url.href, method: 'GET', headers, endpoint: declaration.endpoint };
  }
  return {
    url: declaration.endpoint,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(args),
    endpoint: declaration.endpoint,
  };
}

/** The part of a JSON response the declaration's `result` pointer names. */
function pick(text: string, pointer: string | undefined, name: string): string {
  if (pointer === undefined || pointer === '') return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${name}: the response is not JSON, so \`result\` ${pointer} cannot be read.`);
  }
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object' || !(key in value)) {
      throw new Error(`${name}: the response has nothing at \`result\` ${pointer}.`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * A tool made from the user's declaration. It asks on a card that shows the tool, its endpoint
 * and the arguments in full (`call` consent); after the answer it sends exactly the declared
 * request, with the declared timeout and retries, and gives the model the response as untrusted
 * content cut to the fetch cap.
 */
export function createDeclaredTool(
  declaration: ToolDeclaration,
  options: DeclaredToolOptions = {},
): Tool {
  const { name, endpoint } = declaration;
  return defineTool({
    name,
    description: declaration.description,
    parameters: jsonSchemaToZod(declaration.parameters),
    consent: 'call',
    consentFor: async (args) => ({
      kind: 'ask',
      prompt: { kind: 'tool', target: name, host: endpoint, detail: argumentsForCard(args) },
    }),
    async execute(args, context) {
      const request = requestFor(declaration, args as Record<string, unknown>);
      const outcome = await callWithRetries(
        {
          tool: name,
          arguments: args,
          retries: declaration.retries,
          timeoutMs: declaration.timeout_secs * 1000,
          signal: context.signal,
          ...options,
        },
        async (signal) => {
          const response = await context.services.calls.http(request, signal);
          if (response.status === 429 || response.status >= 500) {
            return {
              kind: 'retry',
              reason: `HTTP ${response.status} ${response.statusText}`.trim(),
            };
          }
          if (response.status < 200 || response.status >= 300) {
            return {
              kind: 'fail',
              reason: `HTTP ${response.status} ${response.statusText}`.trim(),
            };
          }
          return { kind: 'done', value: response };
        },
      );
      if (!outcome.ok) {
        const tries = outcome.attempts === 1 ? '1 attempt' : `${outcome.attempts} attempts`;
        return {
          kind: 'error',
          message: `Tool ${name} at ${endpoint} failed after ${tries}: ${outcome.reason}.`,
        };
      }
      let text: string;
      try {
        text = pick(outcome.value.text, declaration.result, `Tool ${name}`);
      } catch (error) {
        return { kind: 'error', message: (error as Error).message };
      }
      return callResult(text, context.nonce, {
        source: `tool ${name}`,
        url: endpoint,
        title: `Tool ${name}`,
        summary: (bytes) =>
          local('summaryDeclared', name, localCount('byteCount', bytes), new URL(endpoint).host),
      });
    },
  });
}
