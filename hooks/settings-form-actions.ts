import { ZodError } from 'zod';
import { detectLocalServers, type LocalServer } from '../lib/llm/detect-local-servers';
import type { ConnectionResult } from '../lib/llm/test-connection';
import type { SaveOutcome } from '../lib/settings/save-outcome';
import type { Settings } from '../lib/settings/schema';
import { setupProblem } from '../lib/settings/setup-problem';
import { saveSettings } from '../lib/settings/store';

/**
 * The form field a validation issue is about, as a dotted path: `baseUrl`, `search.searxngUrl`.
 */
export function issueField(path: readonly PropertyKey[] | undefined): string | undefined {
  if (!path?.length) return undefined;
  return path.map((part) => String(part)).join('.');
}

/**
 * Pages write settings themselves (the one exception to the worker being the only writer).
 * A validation failure comes back as the first issue's sentence; nothing is stored then.
 */
export async function saveSettingsFromForm(draft: Settings): Promise<SaveOutcome> {
  // A setup that cannot answer is not stored: the chat would only fail later.
  const problem = setupProblem(draft);
  if (problem) return { ok: false, message: problem.message, field: problem.field };
  try {
    return { ok: true, settings: await saveSettings(draft) };
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      return {
        ok: false,
        message: issue?.message ?? 'These settings are not valid.',
        field: issueField(issue?.path),
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The settings could not be saved: ${reason}` };
  }
}

/**
 * Tests the endpoint as typed in the form, saved or not. The test pulls in the OpenAI SDK, so it
 * loads on first use instead of slowing down every opening of the panel.
 */
export async function testConnectionFromForm(draft: Settings): Promise<ConnectionResult> {
  try {
    const { testConnection } = await import('../lib/llm/test-connection');
    return await testConnection(draft);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The connection test itself failed: ${reason}` };
  }
}

/** Detect: asks Ollama and LM Studio at their usual local addresses. */
export function detectLocalServersFromForm(): Promise<LocalServer[]> {
  return detectLocalServers();
}
