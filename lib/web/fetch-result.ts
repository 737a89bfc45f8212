import { z } from 'zod';
import { PAGE_KINDS } from '../extract/page-kind';
import type { LocalText } from '../i18n/local-text';

/**
 * What `fetchPage` returns. The success shape is a zod schema because the page cache stores it
 * and reads it back from IndexedDB (stored records are validated when read).
 */

const contentSourceSchema = z.enum(['markdown', 'html', 'text', 'json', 'pdf']);
/**
 * What the body was: `markdown`, `text` and `json` are passed through as the server sent them;
 * `html` was turned into markdown by the extraction pipeline; `pdf` is the PDF's text.
 */
export type ContentSource = z.infer<typeof contentSourceSchema>;

export const fetchPageSuccessSchema = z.object({
  ok: z.literal(true),
  /** The URL asked for, after the URL policy. */
  url: z.string(),
  /** The URL the content came from, after same-host redirects. */
  finalUrl: z.string(),
  status: z.number().int(),
  /** The Content-Type header as sent, `''` when missing. */
  contentType: z.string(),
  contentSource: contentSourceSchema,
  /** What the model reads: markdown for `markdown` and `html`, the text as-is otherwise. */
  content: z.string(),
  title: z.string().optional(),
  byline: z.string().optional(),
  lang: z.string().optional(),
  /** For HTML: what kind of page extraction found, and what it could not do. */
  pageKind: z.enum(PAGE_KINDS).optional(),
  fallback: z.boolean().optional(),
  /** The page shows only its site chrome until its scripts run (its content is empty). */
  appShell: z.boolean().optional(),
  hiddenText: z.boolean().optional(),
  /** Bytes of UTF-8 of `content` (output caps are in these). */
  bytes: z.number().int().nonnegative(),
  /** Bytes of body received from the network. */
  bodyBytes: z.number().int().nonnegative(),
  /** Set when the body was cut at the byte cap: the content is only the first this many bytes. */
  truncatedAtBytes: z.number().int().nonnegative().optional(),
  /** The server's `x-markdown-tokens` header ("Markdown for Agents"), when it sent one. */
  markdownTokens: z.number().int().nonnegative().optional(),
  /** The character encoding the body was decoded with. */
  encoding: z.string().optional(),
  /** The URLs of the redirect hops followed, in order (the last is `finalUrl`). */
  redirects: z.array(z.string()),
});
export type FetchPageSuccess = z.infer<typeof fetchPageSuccessSchema>;

type FetchFailureKind =
  /** The server answered with a non-2xx status. */
  | 'http-status'
  /** 15 s without data, or 30 s in all; the message names which. */
  | 'timeout'
  /** A body that must be whole (a PDF) went past the byte cap. */
  | 'too-large'
  /** A binary body Gleaner cannot read as text; the message names its type and size. */
  | 'binary'
  /** The URL policy refused the URL or a redirect target; nothing was sent to that host. */
  | 'policy'
  /** No answer: DNS, refused connection, TLS, offline, missing host permission. */
  | 'network'
  /** A redirect to another host: ask the user about `redirectTo`, then fetch it. */
  | 'cross-host-redirect'
  /** More than 10 redirects on the same host. */
  | 'too-many-redirects'
  /** A redirect back to an address already requested: a page redirecting to itself, or a cycle. */
  | 'redirect-loop';

export interface FetchPageFailure {
  ok: false;
  kind: FetchFailureKind;
  /** One or two sentences for the model and the activity, naming the URL involved. */
  message: string;
  /** The message as a stored sentence, for the panel in the chosen language. */
  i18n?: LocalText;
  /** The URL being fetched when it failed. */
  url: string;
  /** For `http-status`. */
  status?: number;
  /** For `cross-host-redirect`: the new URL, already through the URL policy. */
  redirectTo?: string;
  redirects: string[];
}

export type FetchPageResult = FetchPageSuccess | FetchPageFailure;
