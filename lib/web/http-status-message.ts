import type { MessageKey } from '../i18n/catalogs';
import { inEnglish, type LocalText, local } from '../i18n/local-text';

/**
 * The sentence the model reads for a non-2xx answer: "The server answered 404 Not Found for
 * <url>." HTTP/2 and HTTP/3 carry no reason phrase, so the common ones are filled in here. The
 * error page itself is never passed on (never show raw HTML error pages).
 */
const REASON_PHRASES: Record<number, string> = {
  300: 'Multiple Choices',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  410: 'Gone',
  415: 'Unsupported Media Type',
  418: "I'm a Teapot",
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const HINTS: Record<number, MessageKey> = {
  401: 'httpHintLogin',
  403: 'httpHintLogin',
  406: 'httpHintFormat',
  429: 'httpHintLimited',
};

/** The sentence as stored: English for the model, shown in the chosen language in the panel. */
export function httpStatusText(
  response: Pick<Response, 'status' | 'statusText'>,
  url: string,
): LocalText {
  const phrase = response.statusText.trim() || REASON_PHRASES[response.status];
  const status = phrase ? `${response.status} ${phrase}` : `HTTP ${response.status}`;
  const hint = HINTS[response.status];
  return hint
    ? local('httpStatusWithHint', status, url, local(hint))
    : local('httpStatus', status, url);
}

export function httpStatusMessage(response: Pick<Response, 'status' | 'statusText'>, url: string) {
  return inEnglish(httpStatusText(response, url));
}
