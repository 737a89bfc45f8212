import { z } from 'zod';

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
});

export type Article = z.infer<typeof articleSchema>;
