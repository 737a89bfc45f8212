import { mainSystemPrompt } from '../agent/main-system-prompt';
import type { RunDependencies, RunNotice } from '../agent/run-context';
import { createSubAgentRunner } from '../agent/sub-agent';
import { fetchAnalysisSystemPrompt } from '../agent/sub-agent-prompt';
import type { CustomTools } from '../settings/custom-tools';
import { smallModelOf } from '../settings/schema';
import { createDeclaredTool } from '../tools/declared/declared-tool';
import { createToolRegistry, MAIN_AGENT_TOOLS, SUB_AGENT_TOOLS } from '../tools/registry';
import type { Tool, ToolServices } from '../tools/tool';
import type { McpPool } from './mcp-pool';

/** What every run of this worker shares; the settings are read when the run starts. */
export type RunBase = Omit<RunDependencies, 'tools' | 'systemPrompt' | 'services'> & {
  services: Omit<ToolServices, 'subAgent'>;
  /** The user's declared and MCP tools for this run (main agent only). */
  addedTools?: readonly Tool[];
};

/**
 * The tools the user added: declared HTTP tools, and the tools of each MCP server; with a
 * sentence for each server that could not be reached.
 */
export async function userTools(
  custom: CustomTools,
  mcp: Pick<McpPool, 'tools'>,
): Promise<{ tools: Tool[]; unreachable: RunNotice[] }> {
  const served = await mcp.tools(custom);
  return {
    tools: [
      ...custom.declared.map((declaration) => createDeclaredTool(declaration)),
      ...served.tools,
    ],
    unreachable: served.unreachable,
  };
}

export type RunRole = 'main' | 'fetch-analysis';

/**
 * The one place a run's dependencies are put together, for the main agent and for its Fetch
 * Analysis sub-agent alike: which model, which tools (the allow-list applies to the main
 * agent), which system prompt, and whether agentic_fetch can start a sub-agent.
 */
export function runDependencies(base: RunBase, role: RunRole): RunDependencies {
  const { addedTools = [], ...shared } = base;
  if (role === 'fetch-analysis') {
    return {
      ...shared,
      settings: { ...base.settings, model: smallModelOf(base.settings) },
      tools: createToolRegistry(SUB_AGENT_TOOLS),
      systemPrompt: fetchAnalysisSystemPrompt(),
      // The answer it serves says what is left out; the sub-agent has no added tools anyway.
      notices: undefined,
      // No agentic_fetch inside the sub-agent.
      services: { ...base.services },
    };
  }
  return {
    ...shared,
    tools: createToolRegistry([...MAIN_AGENT_TOOLS, ...addedTools], base.settings.disabledTools),
    systemPrompt: mainSystemPrompt(),
    services: {
      ...base.services,
      subAgent: createSubAgentRunner(runDependencies(base, 'fetch-analysis')),
    },
  };
}
