import { z } from 'zod';
import { PAGE_KINDS } from './page-kind';

/**
 * What extraction returns for one page: plain data, so it can cross `scripting.executeScript`
 * (structured clone) and be stored. The worker validates what the tab sent with this schema.
 */
export const articleSchema = z.object({
  /** The article's title (Readability's pick, else the document title). */
  title: z.string(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  /** The document's language (`<html lang>`), if declared. */
  lang: z.string().nullable(),
  /** When the page says it was published, as the page wrote it (often ISO 8601). */
  publishedTime: z.string().nullable(),
  /** The article body as GitHub-flavoured markdown, without raw HTML. */
  markdown: z.string(),
  /** Characters of article text (the markdown without its syntax, whitespace collapsed). */
  textLength: z.number().int().nonnegative(),
  /** A short description: the page's own, else the start of the text. */
  excerpt: z.string(),
  // The three fields below are optional because other sources of an Article (a PDF) do not
  // know them; lib/extract always sets them.
  /**
   * What kind of page this is, so what the model gets can say "Product page: …" and a question
   * about a price or a thread's consensus is answered from the right parts.
   */
  kind: z.enum(PAGE_KINDS).optional(),
  /**
   * Set when no content could be picked out of the page (or reading it failed): `page-text` when
   * the markdown is the page's whole text, navigation and all; `app-shell` when the markdown is
   * empty because a fetched page shows only its site chrome until its scripts draw the content.
   */
  fallback: z.enum(['page-text', 'app-shell']).nullable().optional(),
  /**
   * The page marks text as hidden that was kept anyway because it is most of the page (behind an
   * open dialog, or hidden until a script runs): the reader may not see what the markdown says.
   */
  hiddenText: z.boolean().optional(),
});

export type Article = z.infer<typeof articleSchema>;
