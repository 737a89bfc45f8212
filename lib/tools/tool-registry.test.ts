import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_MAIN_TOOLS, RESERVED_TOOL_NAMES } from '../settings/tool-declaration';
import { createToolRegistry, MAIN_AGENT_TOOLS, SUB_AGENT_TOOLS } from './registry';
import { checkToolFolder } from './tool-conventions';

function loadFolder(
  folder: string,
  globbed: Record<string, Record<string, unknown>>,
): { files: string[]; modules: Record<string, Record<string, unknown>> } {
  const files = readdirSync(fileURLToPath(new URL(folder, import.meta.url)));
  const modules: Record<string, Record<string, unknown>> = {};
  for (const [path, module] of Object.entries(globbed)) {
    modules[path.split('/').pop()!] = module;
  }
  return { files, modules };
}

describe('tool conventions', () => {
  it('every tool in lib/tools follows them', () => {
    const folder = loadFolder(
      './',
      import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true }),
    );
    const registeredNames = [...MAIN_AGENT_TOOLS, ...SUB_AGENT_TOOLS].map((tool) => tool.name);
    expect(checkToolFolder({ ...folder, registeredNames })).toEqual([]);
    // The check looked at real tools, not at an empty folder.
    expect(registeredNames).toContain('list_tabs');
  });

  it('reports every broken rule of a deliberately broken tool', () => {
    const folder = loadFolder(
      '../../testing/fixtures/tools/broken-tool/',
      import.meta.glob<Record<string, unknown>>('../../testing/fixtures/tools/broken-tool/*.ts', {
        eager: true,
      }),
    );
    expect(checkToolFolder({ ...folder, registeredNames: [] })).toEqual([
      'fetch-weather.ts: has no test file beside it',
      'fetch-weather.ts: tool is named "weather", expected "fetch_weather"',
      'fetch-weather.ts: needs a description of at least 20 characters',
      'fetch-weather.ts: needs a consent declaration (none | tab | fetch | search | delegated | call)',
      'fetch-weather.ts: parameters must be a zod object schema',
      'fetch-weather.ts: tool "fetch_weather" is not registered',
    ]);
  });
});

describe('tool registry', () => {
  it('derives JSON schema parameters for the API', () => {
    const registry = createToolRegistry(MAIN_AGENT_TOOLS);
    const spec = registry.specs.find((candidate) => candidate.name === 'list_tabs');
    expect(spec?.parameters).toMatchObject({ type: 'object', properties: {} });
    expect(spec?.description).toMatch(/open tabs/);
  });

  it('offers every tool but those switched off', () => {
    expect(createToolRegistry(MAIN_AGENT_TOOLS, []).names()).toEqual([
      'list_tabs',
      'read_tab',
      'fetch',
      'agentic_fetch',
    ]);
    const without = createToolRegistry(MAIN_AGENT_TOOLS, ['fetch', 'agentic_fetch']);
    expect(without.names()).toEqual(['list_tabs', 'read_tab']);
    expect(without.specs.map((spec) => spec.name)).toEqual(['list_tabs', 'read_tab']);
    expect(without.get('fetch')).toBeUndefined();
    expect(without.getRegistered('fetch')?.name).toBe('fetch');
  });

  it('names the built-in tools Settings → Tools lists and declarations may not take', () => {
    const builtIn = [...MAIN_AGENT_TOOLS, ...SUB_AGENT_TOOLS].map((tool) => tool.name).sort();
    expect([...RESERVED_TOOL_NAMES].sort()).toEqual(builtIn);
    expect(BUILT_IN_MAIN_TOOLS.map((tool) => tool.name)).toEqual(
      MAIN_AGENT_TOOLS.map((tool) => tool.name),
    );
  });
});
