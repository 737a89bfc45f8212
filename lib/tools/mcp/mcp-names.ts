/** OpenAI-compatible APIs take function names of at most 64 letters, digits, `_` and `-`. */
const MAX_NAME = 64;

/**
 * The names an MCP server's tools are offered under: `mcp__<server>__<tool>`, with characters a
 * model API refuses replaced by `_`, cut to 64, and made unique within the server (a `_2`
 * suffix), so the model never sees two tools of one name and each name maps back to one tool.
 */
export function mcpToolNames(server: string, tools: readonly string[]): Map<string, string> {
  const prefix = `mcp__${server}__`;
  const byModelName = new Map<string, string>();
  for (const tool of tools) {
    const base = (prefix + tool.replace(/[^A-Za-z0-9_-]/g, '_')).slice(0, MAX_NAME);
    let name = base;
    for (let n = 2; byModelName.has(name); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, MAX_NAME - suffix.length) + suffix;
    }
    byModelName.set(name, tool);
  }
  return byModelName;
}
