import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyError, isOllamaEndpoint, redactSecret } from './classify-error';
import { LlmError } from './errors';
import { EndpointRedirectError } from './no-redirect-fetch';

const KEY = 'sk-test-1234567890abcdef';
const openai = { baseUrl: 'https://api.openai.com/v1', apiKey: KEY, model: 'gpt-4.1-mini' };
const ollama = { baseUrl: 'http://localhost:11434/v1', apiKey: '', model: 'llama3.1:8b' };

/** An error as the SDK builds it from an HTTP response (client.makeStatusError). */
function httpError(
  status: number,
  body: object | undefined,
  headers: Record<string, string> = {},
  text?: string,
) {
  return APIError.generate(status, body, text, new Headers(headers));
}

describe('classifyError', () => {
  it('says the key was rejected on 401', () => {
    const error = classifyError(
      httpError(401, { error: { message: 'Incorrect API key provided' } }),
      openai,
    );
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(error.message).toBe(
      'The provider rejected the API key (HTTP 401). Check the API key in Settings.',
    );
  });

  it('says a key is needed on 401 when none is set', () => {
    const error = classifyError(httpError(401, undefined), { ...openai, apiKey: '' });
    expect(error.message).toBe(
      'The provider needs an API key (HTTP 401), and none is set. Enter one in Settings.',
    );
  });

  it('names the model on 404 and points to Test connection', () => {
    const error = classifyError(
      httpError(404, { error: { message: 'The model `gpt-9` does not exist' } }),
      { ...openai, model: 'gpt-9' },
    );
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('The model "gpt-9" was not found at https://api.openai.com/v1');
    expect(error.message).toContain('Test connection lists the models');
    expect(error.message).toContain('The server said: The model `gpt-9` does not exist');
  });

  it('explains OLLAMA_ORIGINS on a 403 from port 11434', () => {
    const error = classifyError(httpError(403, undefined), ollama);
    expect(error).toMatchObject({ kind: 'auth', details: { status: 403 } });
    expect(error.message).toBe(
      'Ollama refused the extension (HTTP 403). Start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* and try again.',
    );
  });

  it('explains OLLAMA_ORIGINS on a 403 when the provider is Ollama on another port', () => {
    const error = classifyError(httpError(403, undefined), {
      ...ollama,
      baseUrl: 'http://gpu-box:8080/v1',
      provider: 'ollama',
    });
    expect(error.message).toContain('OLLAMA_ORIGINS');
  });

  it('does not mention Ollama on a 403 from another provider', () => {
    const error = classifyError(
      httpError(403, { error: { message: 'Project lacks access' } }),
      openai,
    );
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain('Ollama');
    expect(error.message).toContain('may use the model "gpt-4.1-mini"');
    expect(error.message).toContain('Project lacks access');
  });

  it('says the endpoint is unreachable on a connection error, naming the base URL, without jargon', () => {
    const error = classifyError(
      new APIConnectionError({ cause: new TypeError('fetch failed') }),
      ollama,
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain(
      'Could not reach http://localhost:11434/v1. Is the server running, and is its address right?',
    );
    expect(error.message).not.toContain('host permission');
    expect(error.message).not.toContain('CORS');
  });

  it('says the endpoint redirected elsewhere when the browser hid the target, not that it is unreachable', () => {
    const cause = new EndpointRedirectError(
      'https://api.openai.com/v1/chat/completions',
      undefined,
    );
    const error = classifyError(new APIConnectionError({ cause }), openai);
    expect(error.kind).toBe('redirected');
    expect(error.message).toBe(
      'The endpoint at https://api.openai.com/v1 redirected elsewhere; check the Base URL. ' +
        'Gleaner does not follow redirects for model requests, so nothing was sent there.',
    );
  });

  it('keeps the key out of a redirect target that carries it', () => {
    const cause = new EndpointRedirectError(
      'https://api.openai.com/v1/models',
      `https://evil.example/?k=${KEY}`,
    );
    const error = classifyError(cause, openai);
    expect(error.kind).toBe('redirected');
    expect(error.message).toContain('redirected to https://evil.example/?k=[redacted];');
    expect(error.message).not.toContain(KEY);
  });

  it('treats a bare "Failed to fetch" TypeError as unreachable', () => {
    expect(classifyError(new TypeError('Failed to fetch'), ollama).kind).toBe('unreachable');
  });

  it('says the server did not answer in time on a timeout', () => {
    const error = classifyError(new APIConnectionTimeoutError(), ollama);
    expect(error).toMatchObject({ kind: 'unreachable' });
    expect(error.message).toContain('did not answer in time');
  });

  it('maps the SDK abort to aborted', () => {
    expect(classifyError(new APIUserAbortError(), ollama).kind).toBe('aborted');
  });

  it('says an HTML reply is not an OpenAI-compatible API', () => {
    let parseError: unknown;
    try {
      JSON.parse('<!doctype html><html><body>Welcome to nginx</body></html>');
    } catch (error) {
      parseError = error;
    }
    const error = classifyError(parseError, { ...ollama, baseUrl: 'http://localhost:8080' });
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      'http://localhost:8080 answered, but not like an OpenAI-compatible API (the reply was not JSON). Check the Base URL; it usually ends in /v1.',
    );
  });

  it('keeps Retry-After seconds on a 429', () => {
    const error = classifyError(httpError(429, undefined, { 'retry-after': '5' }), openai);
    expect(error).toMatchObject({
      kind: 'rate-limited',
      details: { status: 429, retryAfterMs: 5000 },
    });
  });

  it('reads a Retry-After HTTP date on a 503', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    const error = classifyError(
      httpError(503, undefined, { 'retry-after': 'Wed, 21 Oct 2015 07:28:30 GMT' }),
      { ...openai, now },
    );
    expect(error).toMatchObject({ kind: 'server', details: { status: 503, retryAfterMs: 30_000 } });
  });

  it('never shows an HTML error page', () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    const error = classifyError(httpError(502, undefined, {}, page), ollama);
    expect(error.kind).toBe('server');
    expect(error.message).toBe('http://localhost:11434/v1 had a server error (HTTP 502).');
  });

  it('treats a 429 for a used-up quota as final, not as rate limiting', () => {
    const error = classifyError(
      httpError(429, {
        error: { message: 'You exceeded your current quota', code: 'insufficient_quota' },
      }),
      openai,
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('no quota left');
  });

  it('says when the model does not support tools', () => {
    const error = classifyError(
      httpError(400, {
        error: { message: 'registry.ollama.ai/library/gemma:2b does not support tools' },
      }),
      { ...ollama, model: 'gemma:2b' },
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('The model "gemma:2b" does not support tool calls');
  });

  it('passes on what the server said for another 4xx', () => {
    const error = classifyError(
      httpError(400, { error: { message: 'max_tokens is too large' } }),
      openai,
    );
    expect(error).toMatchObject({ kind: 'rejected', details: { status: 400 } });
    expect(error.message).toBe(
      'The provider refused the request (HTTP 400): max_tokens is too large',
    );
  });

  it('reads an error sent inside the event stream', () => {
    const error = classifyError(
      new APIError(undefined, { message: 'model crashed' }, undefined, undefined),
      ollama,
    );
    expect(error.message).toBe('The provider reported an error: model crashed');
  });

  it('scrubs the API key from text a server echoed', () => {
    const error = classifyError(
      httpError(400, { error: { message: `Bad header: Bearer ${KEY}` } }),
      openai,
    );
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('Bearer [redacted]');
  });

  it('scrubs the API key from a base URL that carries it', () => {
    const error = classifyError(new APIConnectionError({}), {
      ...openai,
      baseUrl: `https://proxy.example/v1?key=${KEY}`,
    });
    expect(error.message).not.toContain(KEY);
  });

  it('returns an LlmError unchanged', () => {
    const original = new LlmError('stream-cut', 'cut', { partialText: 'Hi' });
    expect(classifyError(original, openai)).toBe(original);
  });
});

describe('redactSecret', () => {
  it('replaces every occurrence of the key', () => {
    expect(redactSecret('a KEY b KEY', 'KEY')).toBe('a [redacted] b [redacted]');
  });

  it('leaves text alone when no key is set', () => {
    expect(redactSecret('nothing secret', '')).toBe('nothing secret');
  });
});

describe('isOllamaEndpoint', () => {
  it('recognises port 11434 or the Ollama preset', () => {
    expect(isOllamaEndpoint('http://127.0.0.1:11434/v1')).toBe(true);
    expect(isOllamaEndpoint('http://localhost:1234/v1')).toBe(false);
    expect(isOllamaEndpoint('https://llm.example/v1', 'ollama')).toBe(true);
    expect(isOllamaEndpoint('not a url')).toBe(false);
  });
});
