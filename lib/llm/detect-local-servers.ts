import { t, tp } from '../i18n/translate';
import type { Provider } from '../settings/schema';

/** A model server found on this computer, with the models it offers. */
export interface LocalServer {
  provider: Extract<Provider, 'ollama' | 'lmstudio'>;
  /** Its name for people: "Ollama", "LM Studio". */
  name: string;
  /** The OpenAI-compatible Base URL to store. */
  baseUrl: string;
  models: string[];
  /**
   * Ollama answered 403: it runs but refuses extension origins (OLLAMA_ORIGINS). Saving it still
   * works, because the worker removes the Origin header for the configured Ollama endpoint.
   */
  refused?: boolean;
}

interface Candidate {
  provider: LocalServer['provider'];
  name: string;
  origin: string;
  /** Paths asked in turn; the first that answers with a model list wins. */
  paths: string[];
}

/** The usual addresses of the local servers Gleaner has presets for. */
const LOCAL_SERVER_CANDIDATES: readonly Candidate[] = [
  {
    provider: 'ollama',
    name: 'Ollama',
    origin: 'http://localhost:11434',
    paths: ['/api/tags', '/v1/models'],
  },
  {
    provider: 'lmstudio',
    name: 'LM Studio',
    origin: 'http://localhost:1234',
    paths: ['/v1/models'],
  },
];

/** A server that is running answers at once; a closed port is refused at once too. */
const DETECT_TIMEOUT_MS = 2_500;

function idsFrom(body: unknown): string[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  // Ollama's own list: { models: [{ name }] }.
  const ollama = (body as { models?: unknown }).models;
  const openAi = (body as { data?: unknown }).data;
  const entries = Array.isArray(ollama) ? ollama : Array.isArray(openAi) ? openAi : undefined;
  if (!entries) return openAi === null ? [] : undefined;
  const ids = entries
    .map((entry: unknown) => {
      if (!entry || typeof entry !== 'object') return undefined;
      const { name, id } = entry as { name?: unknown; id?: unknown };
      return typeof id === 'string' ? id : typeof name === 'string' ? name : undefined;
    })
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return [...new Set(ids)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

async function probe(
  candidate: Candidate,
  fetchImpl: typeof fetch,
): Promise<LocalServer | undefined> {
  const found = (models: string[], refused?: boolean): LocalServer => ({
    provider: candidate.provider,
    name: candidate.name,
    baseUrl: `${candidate.origin}/v1`,
    models,
    ...(refused ? { refused } : {}),
  });
  for (const path of candidate.paths) {
    let response: Response;
    try {
      response = await fetchImpl(`${candidate.origin}${path}`, {
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        redirect: 'error',
        signal: AbortSignal.timeout(DETECT_TIMEOUT_MS),
      });
    } catch {
      // Nothing listens there (or it did not answer in time): not this server.
      return undefined;
    }
    if (response.status === 403 && candidate.provider === 'ollama') return found([], true);
    if (!response.ok) continue;
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      continue;
    }
    const models = idsFrom(body);
    if (models) return found(models);
  }
  return undefined;
}

/**
 * Asks the usual local addresses (Ollama, LM Studio) for their models, all at once. Resolves to
 * the servers that answered like model servers; never throws.
 */
export async function detectLocalServers(
  fetchImpl: typeof fetch = fetch,
  candidates: readonly Candidate[] = LOCAL_SERVER_CANDIDATES,
): Promise<LocalServer[]> {
  const results = await Promise.all(candidates.map((candidate) => probe(candidate, fetchImpl)));
  return results.filter((server): server is LocalServer => server !== undefined);
}

/** "Ollama is running with 3 models", for the Detect result. */
export function describeLocalServer(server: LocalServer): string {
  if (server.refused) return t('serverRefused', server.name);
  const count = server.models.length;
  if (count === 0) return t('serverNoModels', server.name);
  return tp('serverModels', count, server.name);
}
