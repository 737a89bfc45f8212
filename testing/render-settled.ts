import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';

/**
 * Static HTML of `element` once every lazy part has loaded (the Markdown parser is one):
 * renderToStaticMarkup would stop at their fallbacks.
 */
export async function renderSettled(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}
