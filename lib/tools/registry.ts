import { z } from 'zod';
import type { ToolSpec } from '../llm/types';
import { agenticFetchTool } from './agentic-fetch';
import { fetchTool } from './fetch';
import { globTool } from './glob';
import { grepTool } from './grep';
import { listTabsTool } from './list-tabs';
import { readTabTool } from './read-tab';
import type { Tool } from './tool';
import { viewTool } from './view';
import { webFetchTool } from './web-fetch';
import { webSearchTool } from './web-search';

/** The built-in tools the main agent can be offered; Settings → Tools switches each off or on. */
export const MAIN_AGENT_TOOLS: readonly Tool[] = [
  listTabsTool as Tool,
  readTabTool as Tool,
  fetchTool as Tool,
  agenticFetchTool as Tool,
];

/** The Fetch Analysis sub-agent's tools (after Crush's agentic_fetch). */
export const SUB_AGENT_TOOLS: readonly Tool[] = [
  webFetchTool as Tool,
  webSearchTool as Tool,
  viewTool as Tool,
  grepTool as Tool,
  globTool as Tool,
];

export interface ToolRegistry {
  specs: ToolSpec[];
  /** A tool the model may call: registered and allowed. */
  get(name: string): Tool | undefined;
  /** Any registered tool, allowed or not: for calls the extension itself makes (attached tabs). */
  getRegistered(name: string): Tool | undefined;
  names(): string[];
}

/** A tool's declaration is the same for its whole life: built once, not per run and per pass. */
const specs = new WeakMap<Tool, ToolSpec>();

export function toolSpec(tool: Tool): ToolSpec {
  const known = specs.get(tool);
  if (known) return known;
  const spec = declarationOf(tool);
  specs.set(tool, spec);
  return spec;
}

function declarationOf(tool: Tool): ToolSpec {
  const schema = z.toJSONSchema(tool.parameters, { target: 'draft-7', io: 'input' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: schema };
}

/** The tools offered in a run: those registered and not switched off in Settings → Tools. */
export function createToolRegistry(
  tools: readonly Tool[],
  disabled: readonly string[] = [],
): ToolRegistry {
  const offered = tools.filter((tool) => !disabled.includes(tool.name));
  const byName = new Map(offered.map((tool) => [tool.name, tool]));
  const registered = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    specs: offered.map(toolSpec),
    get: (name) => byName.get(name),
    getRegistered: (name) => registered.get(name),
    names: () => [...byName.keys()],
  };
}

/**
 * The tools of a run answered without the web (after a Deny): only those that reach nothing
 * outside the browser (`none`) or read the user's own tabs (`tab`). Nothing that fetches,
 * searches, starts a Fetch Analysis or calls a declared or MCP tool is offered or run. The
 * extension's own calls (attached tabs) still find their tool.
 */
export function withoutWebTools(registry: ToolRegistry): ToolRegistry {
  const local = (name: string) => {
    const tool = registry.get(name);
    return tool && (tool.consent === 'none' || tool.consent === 'tab') ? tool : undefined;
  };
  return {
    specs: registry.specs.filter((spec) => local(spec.name)),
    get: local,
    getRegistered: registry.getRegistered,
    names: () => registry.names().filter((name) => local(name)),
  };
}
