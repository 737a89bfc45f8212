import { inEnglish, local, localCount, textOfError } from '../../i18n/local-text';
import { argumentsForCard } from '../declared/declared-tool';
import { jsonSchemaToZod } from '../declared/json-schema-to-zod';
import { callResult } from '../support/call-result';
import { defineTool, type McpCallResult, type McpServerRef, type Tool } from '../tool';
import type { ListedMcpTool } from './mcp-connection';
import { mcpToolNames } from './mcp-names';

function kilobytes(base64: string): string {
  return `${((base64.length * 3) / 4 / 1024).toFixed(1)} KB`;
}

/**
 * The text the model reads from a tool result. Text is kept; anything else is described in a
 * line, never passed on (an image is not rendered, nor its bytes given to a text model).
 */
export function describeMcpContent(result: McpCallResult): string {
  const parts = (result.content ?? []).map((block) => {
    if (block.type === 'text') return block.text ?? '';
    if (block.type === 'image' || block.type === 'audio') {
      return `[The server returned ${block.type === 'image' ? 'an image' : 'audio'} (${block.mimeType ?? 'unknown type'}, ${kilobytes(block.data ?? '')}); it is not shown.]`;
    }
    if (block.type === 'resource' && block.resource) {
      return block.resource.text ?? `[The server returned the resource ${block.resource.uri}.]`;
    }
    if (block.type === 'resource_link') {
      return `[The server linked the resource ${block.name ?? ''} ${block.uri ?? ''}.]`.replace(
        /\s+/g,
        ' ',
      );
    }
    return `[The server returned content of type ${block.type}, which Gleaner does not read.]`;
  });
  if (parts.length === 0 && result.structuredContent !== undefined) {
    return JSON.stringify(result.structuredContent, null, 2);
  }
  return parts.join('\n\n');
}

/**
 * The tools of one MCP server as the main agent is offered them: `mcp__<server>__<tool>` with
 * the server's JSON Schema, each call behind a card that names the tool, the server and the
 * arguments, and each result untrusted content like a fetched page.
 */
export function createMcpTools(server: McpServerRef, listed: readonly ListedMcpTool[]): Tool[] {
  const names = mcpToolNames(
    server.name,
    listed.map((tool) => tool.name),
  );
  const byOriginal = new Map(listed.map((tool) => [tool.name, tool]));
  return [...names].map(([modelName, original]) => {
    const tool = byOriginal.get(original)!;
    return defineTool({
      name: modelName,
      description:
        `${tool.description || `The ${original} tool`} (from the MCP server ${server.name}).`.trim(),
      parameters: jsonSchemaToZod({ type: 'object', ...tool.inputSchema }),
      consent: 'call',
      consentFor: async (args) => ({
        kind: 'ask',
        prompt: {
          kind: 'tool',
          target: modelName,
          host: server.url,
          detail: argumentsForCard(args),
        },
      }),
      async execute(args, context) {
        let result: McpCallResult;
        try {
          result = await context.services.calls.mcp(
            server,
            original,
            args as Record<string, unknown>,
            context.signal,
          );
        } catch (error) {
          if (context.signal.aborted) throw error;
          const text = textOfError(error);
          return {
            kind: 'error',
            message: (error as Error).message,
            ...(text ? { i18n: text } : {}),
          };
        }
        const text = describeMcpContent(result);
        if (result.isError) {
          const failed = local(
            'mcpToolFailed',
            local('mcpServerTool', server.name, original),
            text || local('mcpNoReason'),
          );
          return { kind: 'error', message: inEnglish(failed), i18n: failed };
        }
        return callResult(text, context.nonce, {
          source: `MCP server ${server.name}, tool ${original}`,
          url: server.url,
          title: `MCP ${server.name}: ${original}`,
          summary: (bytes) =>
            local('summaryMcp', original, server.name, localCount('byteCount', bytes)),
        });
      },
    });
  });
}
