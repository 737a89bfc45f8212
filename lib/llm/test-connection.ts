import { APIError } from 'openai';
import type { Settings } from '../settings/schema';
import {
  classifyError,
  explain,
  isOllamaEndpoint,
  looksLikeHtml,
  redactSecret,
} from './classify-error';
import { fetchWithoutRedirects } from './no-redirect-fetch';

export type ConnectionResult =
  | { ok: true; models: string[] }
  /** `help` asks the form to show the steps that fix a known refusal (Ollama's OLLAMA_ORIGINS). */
  | { ok: false; message: string; help?: 'ollama-origins' };

export type ConnectionSettings = Pick<Settings, 'baseUrl' | 'apiKey' | 'provider'>;

/** Long enough for a local server that is loading; short enough that the button does not hang. */
const TEST_CONNECTION_TIMEOUT_MS = 15_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The ids in an OpenAI-style model list (`{ data: [{ id }] }`), sorted for the suggestions list.
 * Ollama answers `data: null` when no model is pulled yet: that is an empty list, not an error.
 */
function modelIds(body: unknown): string[] | undefined {
  if (!body || typeof body !== 'object' || !('data' in body)) return undefined;
  const { data } = body as { data: unknown };
  if (data === null) return [];
  if (!Array.isArray(data)) return undefined;
  const ids = data
    .map((entry: unknown) =>
      entry && typeof entry === 'object' && 'id' in entry
        ? (entry as { id: unknown }).id
        : undefined,
    )
    .filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** A 404 on /models: usually a Base URL without its /v1; otherwise the server has no model list. */
function notFoundMessage(baseUrl: string, url: string): string {
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  if (!/\/v\d+$/.test(path)) {
    return (
      `${url} was not found (HTTP 404). The Base URL probably misses /v1: ` +
      `try ${baseUrl.replace(/\/+$/, '')}/v1.`
    );
  }
  return `${url} was not found (HTTP 404). Check the Base URL; this server offers no model list there.`;
}

async function attempt(
  settings: ConnectionSettings,
  fetchImpl: typeof fetch,
): Promise<ConnectionResult> {
  const baseUrl = settings.baseUrl.trim();
  const apiKey = settings.apiKey.trim();
  const context = { baseUrl, apiKey, provider: settings.provider };
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;

  let response: Response;
  try {
    // The key travels in the Authorization header: a redirect must not carry it to another host.
    response = await fetchWithoutRedirects(fetchImpl)(url, {
      headers: {
        Accept: 'application/json',
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      },
      // Cookies of the provider's site must not ride along (ENVIRONMENT.md: a worker fetch sends
      // them to hosts in our permissions unless told not to).
      credentials: 'omit',
      signal: AbortSignal.timeout(TEST_CONNECTION_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return {
        ok: false,
        message: `${baseUrl} did not answer within ${TEST_CONNECTION_TIMEOUT_MS / 1000} s. Is the server running, and is its address right?`,
      };
    }
    // fetch() only says "Failed to fetch": refused, DNS, offline, or blocked by the browser.
    return { ok: false, message: classifyError(error, context).message };
  }

  const text = await response.text();
  if (!response.ok) {
    if (response.status === 404) return { ok: false, message: notFoundMessage(baseUrl, url) };
    // Build the error the SDK would have thrown, so Settings and a failed answer say the same.
    const body = parseJson(text);
    const error = APIError.generate(
      response.status,
      body as object | undefined,
      body === undefined ? text : undefined,
      response.headers,
    );
    const help =
      response.status === 403 && isOllamaEndpoint(baseUrl, settings.provider)
        ? { help: 'ollama-origins' as const }
        : {};
    return { ok: false, message: classifyError(error, context).message, ...help };
  }

  const contentType = response.headers.get('content-type') ?? '';
  if (/text\/html/i.test(contentType) || looksLikeHtml(text)) {
    return { ok: false, message: explain.notOpenAiCompatible(baseUrl, 'it sent an HTML page') };
  }
  const body = parseJson(text);
  if (body === undefined) {
    return { ok: false, message: explain.notOpenAiCompatible(baseUrl, 'the reply was not JSON') };
  }
  const models = modelIds(body);
  if (!models) {
    return {
      ok: false,
      message: explain.notOpenAiCompatible(baseUrl, 'the reply had no model list'),
    };
  }
  return { ok: true, models };
}

/**
 * The Settings page's Test connection: lists the endpoint's models (GET <Base URL>/models), or
 * says in a sentence what is wrong. Never throws; never shows the API key.
 */
export async function testConnection(
  settings: ConnectionSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionResult> {
  if (settings.baseUrl.trim() === '') return { ok: false, message: 'Enter a Base URL first.' };
  try {
    const result = await attempt(settings, fetchImpl);
    return result.ok
      ? result
      : { ...result, message: redactSecret(result.message, settings.apiKey) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: redactSecret(`The connection test failed: ${reason}`, settings.apiKey),
    };
  }
}
