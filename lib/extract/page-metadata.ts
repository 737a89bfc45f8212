/**
 * The metadata a page declares in `<meta>` tags (Open Graph, Twitter cards, Dublin Core and the
 * plain HTML names): what Readability reads too, for pages whose content is found without it.
 */
export interface PageMetadata {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  publishedTime: string | null;
  excerpt: string | null;
}

const KEYS: Record<keyof PageMetadata, string[]> = {
  title: ['og:title', 'twitter:title', 'dc:title', 'title'],
  byline: ['author', 'article:author', 'dc:creator', 'parsely-author'],
  siteName: ['og:site_name', 'application-name'],
  publishedTime: ['article:published_time', 'datepublished', 'dc:date', 'parsely-pub-date'],
  excerpt: ['og:description', 'description', 'twitter:description', 'dc:description'],
};

export function readPageMetadata(document: Document): PageMetadata {
  const values = new Map<string, string>();
  for (const meta of Array.from(document.querySelectorAll('meta'))) {
    const key = (
      meta.getAttribute('property') ??
      meta.getAttribute('name') ??
      meta.getAttribute('itemprop') ??
      ''
    )
      .trim()
      .toLowerCase();
    const content = meta.getAttribute('content')?.trim();
    if (key && content && !values.has(key)) values.set(key, content);
  }
  const pick = (field: keyof PageMetadata) => {
    for (const key of KEYS[field]) {
      const value = values.get(key);
      if (value) return value;
    }
    return null;
  };
  const heading = document.body?.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return {
    title: pick('title') ?? (heading || null),
    byline: pick('byline'),
    siteName: pick('siteName'),
    publishedTime: pick('publishedTime'),
    excerpt: pick('excerpt'),
  };
}
