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

const HINTS: Record<number, string> = {
  401: ' Gleaner fetches without cookies or credentials, so pages behind a login cannot be read this way.',
  403: ' Gleaner fetches without cookies or credentials, so pages behind a login cannot be read this way.',
  406: ' The server may not offer the format asked for; another format may work.',
  429: ' The site is limiting requests; try again later.',
};

export function httpStatusMessage(response: Pick<Response, 'status' | 'statusText'>, url: string) {
  const phrase = response.statusText.trim() || REASON_PHRASES[response.status];
  const status = phrase ? `${response.status} ${phrase}` : `HTTP ${response.status}`;
  return `The server answered ${status} for ${url}.${HINTS[response.status] ?? ''}`;
}
