/**
 * Content negotiation: `format` sets only the Accept header (after Qwen Code's `web_fetch`,
 * which follows Cloudflare's "Markdown for Agents"). Whatever comes back
 * is then handled by its Content-Type: the low-priority `*\/*` keeps JSON-only APIs working.
 */
export const FETCH_FORMATS = ['auto', 'markdown', 'html', 'text'] as const;
export type FetchFormat = (typeof FETCH_FORMATS)[number];

const ACCEPT_HEADERS: Record<FetchFormat, string> = {
  auto: 'text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1',
  markdown: 'text/markdown, */*;q=0.1',
  html: 'text/html, */*;q=0.1',
  text: 'text/plain, */*;q=0.1',
};

export function acceptHeaderFor(format: FetchFormat): string {
  return ACCEPT_HEADERS[format];
}
