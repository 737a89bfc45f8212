import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { t } from '../i18n/translate';
import type { Provider } from '../settings/schema';
import { isContextOverflow } from './context-overflow';
import { LlmError } from './errors';
import { EndpointRedirectError } from './no-redirect-fetch';
import { parseRetryAfter } from './retry-policy';

/** What we know about the request that failed, to name it in the message. */
export interface ErrorContext {
  baseUrl: string;
  /** Only used to scrub it from the message. */
  apiKey: string;
  provider?: Provider;
  model?: string;
  /** For an HTTP-date Retry-After; defaults to Date.now(). */
  now?: number;
}

/**
 * Removes the API key from text that came from elsewhere (a server's error body, a URL the user
 * typed). Some servers echo the Authorization header or the key in their error; a user may paste
 * the message into a bug report.
 */
export function redactSecret(text: string, apiKey: string): string {
  const key = apiKey.trim();
  if (key === '') return text;
  return text.split(key).join('[redacted]');
}

/** Ollama listens on 11434 by default; a user running it elsewhere picks the Ollama preset. */
export function isOllamaEndpoint(baseUrl: string, provider?: Provider): boolean {
  if (provider === 'ollama') return true;
  try {
    return new URL(baseUrl).port === '11434';
  } catch {
    return false;
  }
}

/**
 * The sentences a user reads. Shared with test-connection.ts so the Settings page and a failed
 * answer explain the same problem the same way.
 */
export const explain = {
  keyRejected: (hasKey: boolean) => (hasKey ? t('errorKeyRejected') : t('errorKeyMissing')),
  ollamaOrigins: () =>
    t('errorOllamaOrigins', 'OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*'),
  unreachable: (baseUrl: string) =>
    // People read this: it names what they can check, not the browser's mechanisms.
    t('errorUnreachable', baseUrl),
  timedOut: (baseUrl: string) => t('errorTimedOut', baseUrl),
  redirected: (baseUrl: string, target: string | undefined) =>
    target === undefined
      ? t('errorRedirectedElsewhere', baseUrl)
      : t('errorRedirectedTo', baseUrl, target),
  contextOverflow: () => t('errorContextOverflow'),
  notOpenAiCompatible: (baseUrl: string, what: string) => t('errorNotOpenAi', baseUrl, what),
};

const HTML = /^\s*<(!doctype|html|head|body|\?xml)/i;

export function looksLikeHtml(text: string): boolean {
  return HTML.test(text);
}

/**
 * What the server said about the error, when it said something readable: the `error.message` of
 * an OpenAI-style body, Ollama's `{"error": "..."}`, or a short plain-text body. HTML error pages
 * are never shown (STYLE.md). Cut to 300 characters; the key is scrubbed by the caller.
 */
function serverMessage(error: APIError): string | undefined {
  const body: unknown = error.error;
  let text: string | undefined;
  if (typeof body === 'string') {
    text = body;
  } else if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    text = typeof message === 'string' ? message : JSON.stringify(message);
  } else if (body === undefined) {
    // A non-JSON body: the SDK puts it in the message after the status ("502 Bad gateway").
    text = error.message.replace(/^\d{3} /, '');
    if (/^status code \(no body\)$|^\(no status code or body\)$/.test(text)) return undefined;
  }
  if (text === undefined) return undefined;
  text = text.trim();
  if (text === '' || looksLikeHtml(text)) return undefined;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** " The server said: …" or nothing, ready to append to a sentence. */
function saidSuffix(error: APIError): string {
  const said = serverMessage(error);
  return said ? ` The server said: ${said}` : '';
}

function retryAfterMsOf(headers: Headers | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  // OpenAI sends a non-standard millisecond header besides Retry-After; it is the more precise.
  const milliseconds = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  return parseRetryAfter(headers.get('retry-after'), now);
}

function fromStatus(error: APIError, status: number, context: ErrorContext): LlmError {
  const { baseUrl, model } = context;
  const details = { status };
  // ' "llama3.1:8b"' so sentences read `The model "llama3.1:8b" was…` or `The model was…`.
  const named = model ? ` "${model}"` : '';

  if (status === 401)
    return new LlmError('auth', explain.keyRejected(context.apiKey !== ''), details);
  if (status === 403) {
    if (isOllamaEndpoint(baseUrl, context.provider)) {
      return new LlmError('auth', explain.ollamaOrigins(), details);
    }
    return new LlmError('auth', `${t('errorForbidden', named)}${saidSuffix(error)}`, details);
  }
  if (status === 404) {
    return new LlmError(
      'not-found',
      t('errorModelNotFound', named, baseUrl) + saidSuffix(error),
      details,
    );
  }
  if (status === 429) {
    const retryAfterMs = retryAfterMsOf(error.headers, context.now ?? Date.now());
    const withWait = retryAfterMs === undefined ? details : { ...details, retryAfterMs };
    // OpenAI answers 429 also when the account has no credit left; waiting does not help then.
    if (error.code === 'insufficient_quota') {
      return new LlmError('rejected', `${t('errorNoQuota')}${saidSuffix(error)}`, details);
    }
    return new LlmError('rate-limited', `${t('errorRateLimited')}${saidSuffix(error)}`, withWait);
  }
  if (status >= 500) {
    const retryAfterMs = retryAfterMsOf(error.headers, context.now ?? Date.now());
    return new LlmError(
      'server',
      `${t('errorServer', baseUrl, String(status))}${saidSuffix(error)}`,
      retryAfterMs === undefined ? details : { ...details, retryAfterMs },
    );
  }
  const said = serverMessage(error);
  if ((status === 400 || status === 413 || status === 422) && overflowed(error, said)) {
    return new LlmError('context-overflow', explain.contextOverflow(), details);
  }
  // Ollama: `registry.ollama.ai/library/gemma:2b does not support tools`; others say similar.
  if (
    status === 400 &&
    said &&
    /does not support tools|tools? (is|are) not supported/i.test(said)
  ) {
    return new LlmError('rejected', t('errorNoTools', named), details);
  }
  return new LlmError(
    'rejected',
    said ? t('errorRefusedSaid', String(status), said) : t('errorRefused', String(status)),
    details,
  );
}

/** The code can sit on the error itself (OpenAI) or as `type` in the body (llama.cpp). */
function overflowed(error: APIError, said: string | undefined): boolean {
  const body = (error.error ?? {}) as { type?: unknown };
  return isContextOverflow(said, error.code) || isContextOverflow(undefined, body.type);
}

function classify(error: unknown, context: ErrorContext): LlmError {
  const { baseUrl } = context;
  if (error instanceof LlmError) return error;
  if (error instanceof EndpointRedirectError) {
    return new LlmError('redirected', explain.redirected(baseUrl, error.target));
  }
  // Order matters: the abort and connection errors are APIErrors without a status.
  if (error instanceof APIUserAbortError) return new LlmError('aborted', 'Stopped.');
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmError('unreachable', explain.timedOut(baseUrl));
  }
  // The SDK wraps whatever our fetch threw, the refused redirect included, in a connection error.
  if (error instanceof APIConnectionError && error.cause instanceof EndpointRedirectError) {
    return new LlmError('redirected', explain.redirected(baseUrl, error.cause.target));
  }
  // The SDK only says "Connection error." here, whatever the cause (DNS, refused, CORS).
  if (error instanceof APIConnectionError) {
    return new LlmError('unreachable', explain.unreachable(baseUrl));
  }
  if (error instanceof APIError) {
    if (typeof error.status === 'number') return fromStatus(error, error.status, context);
    // No status: an error object sent inside the event stream.
    const said = serverMessage(error);
    if (overflowed(error, said)) return new LlmError('context-overflow', explain.contextOverflow());
    return new LlmError('rejected', said ? t('errorReportedSaid', said) : t('errorReported'));
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return new LlmError('aborted', 'Stopped.');
    if (error.name === 'TimeoutError')
      return new LlmError('unreachable', explain.timedOut(baseUrl));
    // What fetch() itself throws when nothing answers: Chrome, Firefox, Safari, Node (undici).
    if (
      error instanceof TypeError &&
      /failed to fetch|networkerror|load failed|fetch failed/i.test(error.message)
    ) {
      return new LlmError('unreachable', explain.unreachable(baseUrl));
    }
    // JSON.parse on an HTML page or other non-JSON reply.
    if (error instanceof SyntaxError) {
      return new LlmError(
        'bad-response',
        explain.notOpenAiCompatible(baseUrl, 'the reply was not JSON'),
      );
    }
    return new LlmError('bad-response', t('errorTalkingFailed', baseUrl, error.message));
  }
  return new LlmError('bad-response', t('errorTalkingFailed', baseUrl, String(error)));
}

/**
 * Turns anything thrown while talking to the model (openai SDK errors, fetch errors, JSON parse
 * errors) into an LlmError whose message says what to do. The API key never appears in it.
 */
export function classifyError(error: unknown, context: ErrorContext): LlmError {
  const classified = classify(error, context);
  const message = redactSecret(classified.message, context.apiKey);
  if (message === classified.message) return classified;
  return new LlmError(classified.kind, message, classified.details);
}
