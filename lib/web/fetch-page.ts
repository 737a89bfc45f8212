import { extractFromHtml } from '../extract/extract-from-html';
import { inEnglish, type LocalText, local } from '../i18n/local-text';
import { stripInvisible } from '../text/strip-invisible';
import { acceptHeaderFor, type FetchFormat } from './accept-headers';
import { isHtmlType, isJsonType, isMarkdownType, parseContentType } from './content-type';
import { decodeBody } from './decode-body';
import type { ContentSource, FetchPageFailure, FetchPageResult } from './fetch-result';
import { FetchTimeoutError } from './fetch-timeout-error';
import { httpStatusText } from './http-status-message';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type LimitedBody,
  readLimitedBody,
} from './read-limited-body';
import { isSameHostRedirect, REDIRECT_STATUSES } from './redirect-rule';
import { type RequestDeadline, startRequestDeadline } from './request-deadline';
import { sizeText, sniffContent, sniffsAsHtml } from './sniff-content';
import type { Timers } from './timers';
import { utf8ByteLength } from './truncate-output';
import { normalizeFetchUrl } from './url-policy';

const DEFAULT_MAX_REDIRECTS = 10;
/** Enough for every signature `sniffContent` knows, the names inside a ZIP included. */
const SNIFF_HEAD_BYTES = 4096;

interface FetchLimits {
  /** Body bytes read before the cut (10 MiB). */
  maxBytes?: number;
  /** Silence allowed between chunks (15 s). */
  idleTimeoutMs?: number;
  /** The whole request, redirects and body included (30 s). */
  totalTimeoutMs?: number;
  /** Same-host redirects followed (10). */
  maxRedirects?: number;
}

interface RedirectHop {
  from: string;
  to: string;
  /** The 3xx status, or 0 for the opaque redirect a browser extension sees. */
  status: number;
}

export interface FetchPageOptions {
  format: FetchFormat;
  /** The caller's stop. When it aborts, `fetchPage` rejects with its reason (not a result). */
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /**
   * Where an opaque redirect leads. In the extension a `redirect: 'manual'` fetch gives a
   * response of type `opaqueredirect` with status 0 and no Location
   * (https://fetch.spec.whatwg.org/#concept-filtered-response-opaque-redirect), so the worker
   * learns the target from `webRequest.onBeforeRedirect`. Node's fetch gives the 3xx with its
   * Location instead, which is read directly.
   */
  resolveRedirect?: (url: string) => Promise<string | undefined>;
  /** Told about each redirect hop followed, for the activity. */
  onRedirect?: (hop: RedirectHop) => void;
  limits?: FetchLimits;
  /** Hosts exempted from the private-address guard (see `normalizeFetchUrl`). */
  exemptHosts?: readonly string[];
  /** Turns a PDF into text (pdfjs-dist in the extension). Without it PDFs are refused. */
  pdfToText?: (bytes: Uint8Array) => Promise<string>;
  timers?: Timers;
}

/**
 * Fetches one URL for the model: the URL policy, content negotiation, hygiene, limits, same-host
 * redirects, charset and binary sniffing, then HTML to markdown.
 * Call it only after the user allowed the URL, with the URL `normalizeFetchUrl` gave for the card;
 * the policy is applied again here (it changes nothing for a normalized URL) and to every hop.
 *
 * Output is not capped here: callers cap the converted content (`capUtf8`) and say so.
 */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchPageResult> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const limits = {
    maxBytes: options.limits?.maxBytes ?? DEFAULT_MAX_BODY_BYTES,
    idleTimeoutMs: options.limits?.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    totalTimeoutMs: options.limits?.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
    maxRedirects: options.limits?.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
  };
  const redirects: string[] = [];
  const policy = normalizeFetchUrl(url, { exemptHosts: options.exemptHosts ?? [] });
  if (!policy.ok) {
    return {
      ok: false,
      kind: 'policy',
      message: policy.reason,
      i18n: policy.reasonI18n,
      url,
      redirects,
    };
  }
  options.signal?.throwIfAborted();

  const deadline = startRequestDeadline({
    totalMs: limits.totalTimeoutMs,
    url: policy.url,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const fail: Fail = (kind, message, failedUrl, extra = {}) => ({
    ok: false,
    kind,
    ...(typeof message === 'string' ? { message } : { message: inEnglish(message), i18n: message }),
    url: failedUrl,
    redirects,
    ...extra,
  });

  try {
    let current = policy.url;
    let response: Response;
    // Every address requested, after the URL policy: a hop back to one of them is a loop, and
    // asking again could only get the same answer.
    const requested = new Set<string>([policy.url]);
    while (true) {
      try {
        response = await fetchImpl(current, requestInit(options.format, deadline.signal));
      } catch (error) {
        return networkFailure(error, current, deadline, options.signal, fail);
      }
      const hop = await redirectTarget(response, current, options.resolveRedirect);
      if (hop === undefined) break;
      await response.body?.cancel().catch(() => {});
      if (hop.target === undefined) {
        return fail('network', local('redirectUnknown', current), current);
      }
      const next = normalizeFetchUrl(hop.target, { exemptHosts: options.exemptHosts ?? [] });
      if (!next.ok) {
        return fail(
          'policy',
          local('redirectRefused', current, withoutCredentials(hop.target), next.reasonI18n),
          current,
        );
      }
      if (requested.has(next.url)) {
        return fail('redirect-loop', redirectLoopMessage(current, hop.target, next.url), current);
      }
      if (!isSameHostRedirect(current, next.url)) {
        return fail(
          'cross-host-redirect',
          `${current} redirected to another host: ${next.url}. Gleaner follows redirects only ` +
            'within the same host; fetching the new URL needs the user’s consent again.',
          current,
          { redirectTo: next.url },
        );
      }
      if (redirects.length >= limits.maxRedirects) {
        return fail(
          'too-many-redirects',
          local('redirectsTooMany', policy.url, limits.maxRedirects, current),
          current,
        );
      }
      options.onRedirect?.({ from: current, to: next.url, status: hop.status });
      redirects.push(next.url);
      requested.add(next.url);
      current = next.url;
    }

    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => {});
      return fail('http-status', httpStatusText(response, current), current, {
        status: response.status,
      });
    }

    let body: LimitedBody;
    try {
      body = await readLimitedBody(response, {
        maxBytes: limits.maxBytes,
        idleTimeoutMs: limits.idleTimeoutMs,
        signal: deadline.signal,
        url: current,
        ...(options.timers ? { timers: options.timers } : {}),
        // A video or an archive is refused from its first bytes, not after 10 MiB of download.
        inspectHead: {
          afterBytes: SNIFF_HEAD_BYTES,
          stop: (head) =>
            sniffContent(head, response.headers.get('content-type')).kind === 'binary',
        },
      });
    } catch (error) {
      if (error instanceof FetchTimeoutError)
        return fail('timeout', error.text ?? error.message, current);
      return networkFailure(error, current, deadline, options.signal, fail);
    }
    deadline.dispose();
    return await convertBody(response, body, {
      requestedUrl: policy.url,
      finalUrl: current,
      maxBytes: limits.maxBytes,
      redirects,
      fail,
      ...(options.pdfToText ? { pdfToText: options.pdfToText } : {}),
    });
  } finally {
    deadline.dispose();
  }
}

/**
 * Only the Accept header is set: no cookies or HTTP auth (`credentials: 'omit'`; a worker fetch
 * to a site in host permissions sends its cookies otherwise, measured), no Referer, no
 * provider header or key. `cache: 'no-store'`: the page cache is ours (15 min, per URL + Accept),
 * and a credential-less fetch should neither be answered from nor leave an entry in the HTTP
 * cache the user's own browsing shares. `redirect: 'manual'`: hops are followed here, so each one
 * goes through the URL policy and the same-host rule before it is requested.
 */
function requestInit(format: FetchFormat, signal: AbortSignal): RequestInit {
  return {
    method: 'GET',
    headers: { Accept: acceptHeaderFor(format) },
    credentials: 'omit',
    referrer: '',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
    redirect: 'manual',
    signal,
  };
}

/**
 * Why a redirect loop stopped, in words. The commonest loop is a site that sends https to plain
 * http, which the URL policy upgrades back to https: say so, since the fix is not on our side.
 */
function redirectLoopMessage(current: string, target: string, normalized: string): LocalText {
  if (normalized === current && target !== normalized) {
    return local('redirectDowngrade', current, withoutCredentials(target), normalized);
  }
  if (normalized === current) return local('redirectToItself', current);
  return local('redirectLoop', current, normalized);
}

/** `undefined` when the response is not a redirect; else its target, if it can be learnt. */
async function redirectTarget(
  response: Response,
  current: string,
  resolveRedirect: FetchPageOptions['resolveRedirect'],
): Promise<{ target: string | undefined; status: number } | undefined> {
  if (response.type === 'opaqueredirect') {
    const target = await resolveRedirect?.(current);
    return { target: target === undefined ? undefined : absolute(target, current), status: 0 };
  }
  const location = response.headers.get('location');
  if (!REDIRECT_STATUSES.has(response.status) || location === null) return undefined;
  return { target: absolute(location, current), status: response.status };
}

/** A redirect target for a message: a user name or password in it is not repeated. */
function withoutCredentials(target: string): string {
  try {
    const url = new URL(target);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return target.length > 200 ? `${target.slice(0, 200)}…` : target;
  }
}

function absolute(target: string, base: string): string {
  try {
    return new URL(target, base).href;
  } catch {
    return target; // The policy then refuses it as not a valid URL.
  }
}

function networkFailure(
  error: unknown,
  url: string,
  deadline: RequestDeadline,
  callerSignal: AbortSignal | undefined,
  fail: Fail,
): FetchPageFailure {
  if (callerSignal?.aborted) throw callerSignal.reason;
  if (deadline.expired) {
    const reason = deadline.signal.reason;
    if (reason instanceof FetchTimeoutError)
      return fail('timeout', reason.text ?? reason.message, url);
    return fail('timeout', reason instanceof Error ? reason.message : String(reason), url);
  }
  if (error instanceof FetchTimeoutError) return fail('timeout', error.text ?? error.message, url);
  return fail('network', local('fetchNetworkFailed', url, describeNetworkError(error)), url);
}

/** Node's fetch hides the reason in `cause` ("ECONNREFUSED"); Chrome says "Failed to fetch". */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
  }
  return error.message;
}

interface ConvertContext {
  requestedUrl: string;
  finalUrl: string;
  maxBytes: number;
  redirects: string[];
  pdfToText?: (bytes: Uint8Array) => Promise<string>;
  fail: Fail;
}

/** A failure from its kind and its sentence (a stored sentence when it has a message key). */
type Fail = (
  kind: FetchPageFailure['kind'],
  message: string | LocalText,
  url: string,
  extra?: Partial<FetchPageFailure>,
) => FetchPageFailure;

async function convertBody(
  response: Response,
  body: LimitedBody,
  context: ConvertContext,
): Promise<FetchPageResult> {
  const { finalUrl, fail } = context;
  const contentTypeHeader = response.headers.get('content-type') ?? '';
  const { mimeType } = parseContentType(contentTypeHeader);
  const sniffed = sniffContent(body.bytes, contentTypeHeader, {
    sizeBytes: body.declaredBytes ?? body.bytes.length,
    sizeIsLowerBound: body.truncated && body.declaredBytes === undefined,
    sizeUnknown: body.stoppedEarly === true && body.declaredBytes === undefined,
  });
  if (sniffed.kind === 'binary') return fail('binary', sniffed.text, finalUrl);

  const markdownTokens = parseTokenCount(response.headers.get('x-markdown-tokens'));
  const common = {
    ok: true as const,
    url: context.requestedUrl,
    finalUrl,
    status: response.status,
    contentType: contentTypeHeader,
    bodyBytes: body.bytes.length,
    redirects: context.redirects,
    ...(body.truncated ? { truncatedAtBytes: body.bytes.length } : {}),
    ...(markdownTokens === undefined ? {} : { markdownTokens }),
  };

  if (sniffed.kind === 'pdf') {
    const size = sizeText(body.declaredBytes ?? body.bytes.length);
    if (body.truncated) {
      return fail(
        'too-large',
        local('pdfTooLarge', finalUrl, sizeText(context.maxBytes)),
        finalUrl,
      );
    }
    if (!context.pdfToText) return fail('binary', local('pdfNotAvailable', size), finalUrl);
    let text: string;
    try {
      text = await context.pdfToText(body.bytes);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return fail('binary', local('pdfUnreadable', size, finalUrl, detail), finalUrl);
    }
    const content = stripInvisible(text);
    return { ...common, contentSource: 'pdf', content, bytes: utf8ByteLength(content) };
  }

  const source = contentSourceFor(mimeType, body.bytes);
  const decoded = decodeBody(body.bytes, contentTypeHeader, { html: source === 'html' });
  if (source === 'html') {
    const article = extractFromHtml(asDocument(decoded.text), finalUrl);
    // The extractor removes some invisible characters; bidi controls and the rest go here, from
    // everything the page wrote (see strip-invisible.ts).
    const markdown = stripInvisible(article.markdown);
    const title = article.title ? stripInvisible(article.title) : '';
    const byline = article.byline ? stripInvisible(article.byline) : '';
    return {
      ...common,
      contentSource: 'html',
      content: markdown,
      bytes: utf8ByteLength(markdown),
      encoding: decoded.encoding,
      ...(title ? { title } : {}),
      ...(byline ? { byline } : {}),
      ...(article.lang ? { lang: article.lang } : {}),
      ...(article.kind ? { pageKind: article.kind } : {}),
      ...(article.fallback === 'page-text' ? { fallback: true } : {}),
      ...(article.fallback === 'app-shell' ? { appShell: true } : {}),
      ...(article.hiddenText ? { hiddenText: true } : {}),
    };
  }
  const text = stripInvisible(decoded.text);
  const title = source === 'markdown' ? markdownTitle(text) : undefined;
  return {
    ...common,
    contentSource: source,
    content: text,
    bytes: utf8ByteLength(text),
    encoding: decoded.encoding,
    ...(title ? { title } : {}),
  };
}

/**
 * linkedom finds no body in HTML without an `<html>` element (`<div>…`, `<!-- x --><p>…`), where a
 * browser's parser adds the missing elements; the reader then sees an empty page. Such a fragment
 * is put inside `<html>` here, before its `<head>` and `<body>` if it has them, else inside a body.
 */
function asDocument(html: string): string {
  if (/<html[\s>]/i.test(html)) return html;
  if (/<(head|body)[\s>]/i.test(html)) return `<!doctype html><html>${html}</html>`;
  return `<!doctype html><html><body>${html}</body></html>`;
}

/** By Content-Type; a missing or generic one is HTML when the body starts like HTML. */
function contentSourceFor(mimeType: string, bytes: Uint8Array): Exclude<ContentSource, 'pdf'> {
  if (isHtmlType(mimeType)) return 'html';
  if (isMarkdownType(mimeType)) return 'markdown';
  if (isJsonType(mimeType)) return 'json';
  if ((mimeType === '' || mimeType === 'application/octet-stream') && sniffsAsHtml(bytes)) {
    return 'html';
  }
  return 'text';
}

function parseTokenCount(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

/** The first level-1 ATX heading of a markdown document, if it has one near the top. */
function markdownTitle(markdown: string): string | undefined {
  const match = /^#[ \t]+(.+?)[ \t#]*$/m.exec(markdown.slice(0, 4096));
  return match?.[1]?.trim() || undefined;
}
