/** The parts of a Content-Type header that fetching needs: the MIME type and its charset. */
export interface ContentType {
  /** Lowercase `type/subtype` without parameters; `''` when the header is missing or empty. */
  mimeType: string;
  /** The `charset` parameter as written (unquoted, trimmed), if any. */
  charset?: string;
}

export function parseContentType(header: string | null | undefined): ContentType {
  if (!header) return { mimeType: '' };
  const [type = '', ...parameters] = header.split(';');
  const mimeType = type.trim().toLowerCase();
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals === -1) continue;
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (value !== '') return { mimeType, charset: value };
  }
  return { mimeType };
}

export function isHtmlType(mimeType: string): boolean {
  return mimeType === 'text/html' || mimeType === 'application/xhtml+xml';
}

export function isMarkdownType(mimeType: string): boolean {
  return mimeType === 'text/markdown' || mimeType === 'text/x-markdown';
}

export function isJsonType(mimeType: string): boolean {
  return mimeType === 'application/json' || mimeType.endsWith('+json') || mimeType === 'text/json';
}
