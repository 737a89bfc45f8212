import { CONSENT_DECLARATIONS } from '../db/records';
import type { Tool } from './tool';

/** Files in lib/tools/ that are infrastructure, not tools. */
export const NON_TOOL_FILES = new Set(['tool.ts', 'registry.ts', 'tool-conventions.ts']);

export function snakeNameOf(fileName: string): string {
  return fileName.replace(/\.ts$/, '').replace(/-/g, '_');
}

/** Declarations under which the loop shows a card before the tool runs. */
const ASKING = new Set(['tab', 'fetch', 'search', 'call']);

function looksLikeTool(value: unknown): value is Partial<Tool> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    'execute' in value &&
    typeof (value as { execute: unknown }).execute === 'function'
  );
}

/**
 * The rules every tool follows (refined-github style meta-test): one tool per file, named after
 * it; a test beside it; a description the model can act on; a consent declaration; object
 * parameters; registered. Returns one sentence per broken rule.
 */
export function checkToolFolder(input: {
  /** File names in the folder, e.g. `list-tabs.ts`, `list-tabs.test.ts`. */
  files: string[];
  /** Each tool file's exports, keyed by file name. */
  modules: Record<string, Record<string, unknown>>;
  registeredNames: readonly string[];
}): string[] {
  const problems: string[] = [];
  const toolFiles = input.files.filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NON_TOOL_FILES.has(file),
  );
  for (const file of toolFiles) {
    const expectedName = snakeNameOf(file);
    if (!input.files.includes(file.replace(/\.ts$/, '.test.ts'))) {
      problems.push(`${file}: has no test file beside it`);
    }
    const tools = Object.values(input.modules[file] ?? {}).filter(looksLikeTool);
    if (tools.length !== 1) {
      problems.push(`${file}: should export exactly one tool, found ${tools.length}`);
      continue;
    }
    const tool = tools[0]!;
    if (tool.name !== expectedName) {
      problems.push(`${file}: tool is named "${tool.name}", expected "${expectedName}"`);
    }
    if (typeof tool.description !== 'string' || tool.description.trim().length < 20) {
      problems.push(`${file}: needs a description of at least 20 characters`);
    }
    if (!CONSENT_DECLARATIONS.includes(tool.consent as never)) {
      problems.push(`${file}: needs a consent declaration (${CONSENT_DECLARATIONS.join(' | ')})`);
    } else if (ASKING.has(tool.consent as string) && typeof tool.consentFor !== 'function') {
      problems.push(
        `${file}: declares "${tool.consent}" consent but says nothing to ask (consentFor)`,
      );
    }
    const parameters = tool.parameters as { type?: string; def?: { type?: string } } | undefined;
    if (parameters?.def?.type !== 'object') {
      problems.push(`${file}: parameters must be a zod object schema`);
    }
    if (!input.registeredNames.includes(expectedName)) {
      problems.push(`${file}: tool "${expectedName}" is not registered`);
    }
  }
  return problems;
}
