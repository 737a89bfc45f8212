import { describe, expect, it } from 'vitest';
import { startRedirectServers } from '../../testing/redirect-servers';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { testConnection } from './test-connection';

const KEY = 'sk-test-abcdef0123456789';

/** A fetch that records what it was asked and answers with `answer` (or throws it). */
function fakeFetch(answer: Response | Error) {
  const calls: { url: string; headers: Headers; credentials?: RequestCredentials }[] = [];
  const impl: typeof fetch = async (input, init) => {
    calls.push({
      url: String(input),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, fetch: impl };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const openai: Settings = {
  ...DEFAULT_SETTINGS,
  provider: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  apiKey: KEY,
};
const ollama: Settings = {
  ...DEFAULT_SETTINGS,
  provider: 'ollama',
  baseUrl: 'http://localhost:11434/v1',
  apiKey: '',
};

describe('testConnection', () => {
  it('lists the models, sorted, asking <Base URL>/models with the key', async () => {
    const { calls, fetch } = fakeFetch(
      json(200, {
        object: 'list',
        data: [{ id: 'gpt-4.1-mini' }, { id: 'gpt-4.1' }, { id: 'gpt-4.1-mini' }, { id: 'o3' }],
      }),
    );

    const result = await testConnection(
      { ...openai, baseUrl: 'https://api.openai.com/v1/' },
      fetch,
    );

    expect(result).toEqual({ ok: true, models: ['gpt-4.1', 'gpt-4.1-mini', 'o3'] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.openai.com/v1/models');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(calls[0]?.credentials).toBe('omit');
  });

  it('sends no Authorization header when no key is set', async () => {
    const { calls, fetch } = fakeFetch(json(200, { data: [{ id: 'llama3.1:8b' }] }));

    const result = await testConnection(ollama, fetch);

    expect(result).toEqual({ ok: true, models: ['llama3.1:8b'] });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('takes Ollama\'s "data: null" as no models yet', async () => {
    const { fetch } = fakeFetch(json(200, { object: 'list', data: null }));
    expect(await testConnection(ollama, fetch)).toEqual({ ok: true, models: [] });
  });

  it('asks for a Base URL before sending anything', async () => {
    const { calls, fetch } = fakeFetch(json(200, { data: [] }));
    expect(await testConnection({ ...openai, baseUrl: '  ' }, fetch)).toEqual({
      ok: false,
      message: 'Enter a Base URL first.',
    });
    expect(calls).toHaveLength(0);
  });

  it('says the key was rejected on 401, without showing it', async () => {
    const { fetch } = fakeFetch(
      json(401, { error: { message: `Incorrect API key provided: ${KEY}` } }),
    );
    expect(await testConnection(openai, fetch)).toEqual({
      ok: false,
      message: 'The provider rejected the API key (HTTP 401). Check the API key in Settings.',
    });
  });

  it('says what to set when Ollama refuses the extension origin with 403', async () => {
    const { fetch } = fakeFetch(new Response('', { status: 403 }));
    expect(await testConnection(ollama, fetch)).toEqual({
      ok: false,
      message:
        'Ollama refused the extension (HTTP 403). Start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* and try again.',
      help: 'ollama-origins',
    });
  });

  it('says the endpoint is unreachable when fetch fails, in plain words', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const result = await testConnection(ollama, fetch);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('Could not reach http://localhost:11434/v1.');
      expect(result.message).not.toContain('host permission');
      expect(result.message).not.toContain('CORS');
    }
  });

  it('never follows a redirect: the key does not reach the other host, and the user is told', async () => {
    const redirect = await startRedirectServers(307);
    try {
      const result = await testConnection({ ...openai, baseUrl: redirect.redirectorUrl });

      expect(result).toEqual({
        ok: false,
        message:
          `The endpoint at ${redirect.redirectorUrl} redirected to ` +
          `${redirect.elsewhereOrigin}/v1/models; check the Base URL. Gleaner does not follow ` +
          'redirects for model requests, so nothing was sent there.',
      });
      expect(redirect.redirectorHits).toEqual(['GET /v1/models']);
      expect(redirect.elsewhereHits).toEqual([]);
    } finally {
      await redirect.close();
    }
  });

  it('says when the server did not answer in time', async () => {
    const { fetch } = fakeFetch(new DOMException('The operation timed out.', 'TimeoutError'));
    const result = await testConnection(ollama, fetch);
    expect(result).toEqual({
      ok: false,
      message:
        'http://localhost:11434/v1 did not answer within 15 s. Is the server running, and is its address right?',
    });
  });

  it('suggests /v1 on a 404 when the Base URL lacks it', async () => {
    const { fetch } = fakeFetch(new Response('404 page not found', { status: 404 }));
    const result = await testConnection({ ...ollama, baseUrl: 'http://localhost:11434' }, fetch);
    expect(result).toEqual({
      ok: false,
      message:
        'http://localhost:11434/models was not found (HTTP 404). The Base URL probably misses /v1: try http://localhost:11434/v1.',
    });
  });

  it('says an HTML page is not an OpenAI-compatible API, without showing it', async () => {
    const { fetch } = fakeFetch(
      new Response('<!DOCTYPE html><html><body>Welcome to the router</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      }),
    );
    const result = await testConnection({ ...ollama, baseUrl: 'http://192.168.1.1' }, fetch);
    expect(result).toEqual({
      ok: false,
      message:
        'http://192.168.1.1 answered, but not like an OpenAI-compatible API (it sent an HTML page). Check the Base URL; it usually ends in /v1.',
    });
  });

  it('says a reply that is not JSON is not an OpenAI-compatible API', async () => {
    const { fetch } = fakeFetch(new Response('Ollama is running', { status: 200 }));
    const result = await testConnection(ollama, fetch);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('(the reply was not JSON)');
  });

  it('says JSON without a data array is not a model list', async () => {
    const { fetch } = fakeFetch(json(200, { models: [{ name: 'llama3.1:8b' }] }));
    const result = await testConnection(ollama, fetch);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('(the reply had no model list)');
  });

  it('passes on what the server said for another error, without the key', async () => {
    const { fetch } = fakeFetch(json(400, { error: { message: `Header was Bearer ${KEY}` } }));
    const result = await testConnection(openai, fetch);
    expect(result).toEqual({
      ok: false,
      message: 'The provider refused the request (HTTP 400): Header was Bearer [redacted]',
    });
  });
});
