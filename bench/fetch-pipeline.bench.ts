/**
 * From consent to tool result for a 200 KB HTML page served on loopback, split into network
 * (request + body), extraction (HTML → markdown) and storage (page cache write), in Node with the
 * same modules the worker runs. Baseline in the same run: a bare `fetch().text()` of the page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import 'fake-indexeddb/auto';
import { GleanerDatabase } from '../lib/db/database';
import { extractFromHtml } from '../lib/extract/extract-from-html';
import { acceptHeaderFor } from '../lib/web/accept-headers';
import { FetchCache } from '../lib/web/fetch-cache';
import { fetchPage } from '../lib/web/fetch-page';
import { summary } from './stats';

/** A generated article of about 200 KB: headings, paragraphs, a table, links, boilerplate. */
function generatedPage(): string {
  const paragraphs = Array.from(
    { length: 1_100 },
    (_, index) =>
      `<p>Paragraph ${index} of the benchmark article, with <a href="/link/${index}">a link</a> and enough words to look like prose about orchards, rivers and the price of apples in ${1900 + index}.</p>`,
  ).join('\n');
  const table = `<table><tr><th>Year</th><th>Tonnes</th></tr>${Array.from({ length: 60 }, (_, index) => `<tr><td>${1960 + index}</td><td>${index * 37}</td></tr>`).join('')}</table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Benchmark article</title></head><body>
<nav>${Array.from({ length: 40 }, (_, index) => `<a href="/n${index}">Section ${index}</a>`).join(' ')}</nav>
<article><h1>Benchmark article</h1>${paragraphs}${table}</article>
<aside class="newsletter">Sign up for our newsletter</aside><footer>Footer links</footer></body></html>`;
}

export async function benchFetchPipeline(runs: number) {
  const html = generatedPage();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/article.html`;
  const db = new GleanerDatabase();
  const cache = new FetchCache({
    get: (key) => db.fetchCache.get(key),
    put: async (entry) => {
      await db.fetchCache.put(entry);
    },
    delete: (key) => db.fetchCache.delete(key),
  });
  const baseline: number[] = [];
  const network: number[] = [];
  const extraction: number[] = [];
  const whole: number[] = [];
  const storage: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      let start = performance.now();
      await (await fetch(url)).text();
      baseline.push(performance.now() - start);

      start = performance.now();
      const body = await (
        await fetch(url, { headers: { accept: acceptHeaderFor('auto') }, credentials: 'omit' })
      ).text();
      network.push(performance.now() - start);
      start = performance.now();
      extractFromHtml(body, url);
      extraction.push(performance.now() - start);

      start = performance.now();
      const result = await fetchPage(url, { format: 'auto', exemptHosts: [`127.0.0.1:${port}`] });
      whole.push(performance.now() - start);
      if (!result.ok) throw new Error(result.message);
      start = performance.now();
      await cache.put(`${url}?${run}`, acceptHeaderFor('auto'), result);
      storage.push(performance.now() - start);
    }
  } finally {
    server.close();
    db.close();
  }
  return [
    summary(`plain fetch().text() of ${Math.round(html.length / 1024)} KB (baseline)`, baseline),
    summary('network: request + body', network, baseline),
    summary('extraction: HTML → markdown', extraction, baseline),
    summary('storage: page cache write', storage, baseline),
    summary('fetchPage total (network + extraction)', whole, baseline),
  ];
}
