import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDuckDuckGoPage } from '../../lib/web/search/duckduckgo-page';
import {
  ARTICLE_BOILERPLATE,
  type FixtureSite,
  SEARCH_AD,
  SECRET_TEXT,
  startFixtureSite,
} from './fixture-site';

/** GET `url` from the server on 127.0.0.1, as Chromium does once `*.test` maps to loopback. */
function get(
  site: FixtureSite,
  url: string,
  post?: { body: string; type: string },
): Promise<{ status: number; type: string; body: string; location?: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: `${target.pathname}${target.search}`,
        method: post ? 'POST' : 'GET',
        headers: {
          host: target.host,
          'user-agent': 'fixture-site-test',
          ...(post ? { 'content-type': post.type } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
            ...(response.headers.location ? { location: response.headers.location } : {}),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(post?.body);
  });
}

describe('fixture site', () => {
  let site: FixtureSite;
  beforeEach(async () => {
    site = await startFixtureSite();
  });
  afterEach(async () => {
    await site.close();
  });

  it('serves each page under its own *.test host and port', async () => {
    const { article, secret } = site.pages;
    expect(article.url).toBe(`http://news.test:${site.port}/article.html`);
    const page = await get(site, article.url);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain(`<title>${article.title}</title>`);
    for (const paragraph of article.paragraphs) expect(page.body).toContain(paragraph);
    // The parts the extractor must leave out are really on the page.
    for (const item of ARTICLE_BOILERPLATE.nav) expect(page.body).toContain(item);
    expect(page.body).toContain(ARTICLE_BOILERPLATE.script);
    expect(page.body).toContain(ARTICLE_BOILERPLATE.cookie);
    expect(page.body).toContain(ARTICLE_BOILERPLATE.newsletter);
    expect(page.body).toContain('href="/archive/orchards-2019.html"');
    expect((await get(site, secret.url)).body).toContain(SECRET_TEXT);
  });

  it('answers 404 for a page on the wrong host and records every request', async () => {
    const wrongHost = site.pages.article.url.replace('news.test', 'garden.test');
    expect((await get(site, wrongHost)).status).toBe(404);
    expect((await get(site, site.pages.bees.url)).status).toBe(200);
    expect(site.requests.map(({ method, host, path }) => ({ method, host, path }))).toEqual([
      { method: 'GET', host: 'garden.test', path: '/article.html' },
      { method: 'GET', host: 'garden.test', path: '/bees.html' },
    ]);
    expect(site.requests[1]?.headers['user-agent']).toBe('fixture-site-test');
  });

  it('redirects to another host and within a host, and serves a markdown file over 100 KB', async () => {
    const { toOtherHost, sameHost } = site.redirects;
    expect(toOtherHost.url).toBe(`http://news.test:${site.port}/go`);
    const away = await get(site, toOtherHost.url);
    expect(away.status).toBe(302);
    expect(away.location).toBe(site.pages.bees.url);
    expect(toOtherHost.target).toBe(site.pages.bees.url);
    const moved = await get(site, sameHost.url);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/article.html');
    expect(sameHost.target).toBe(site.pages.article.url);

    const long = await get(site, site.longMarkdown.url);
    expect(long.type).toMatch(/^text\/markdown/);
    expect(Buffer.byteLength(long.body)).toBe(site.longMarkdown.bytes);
    expect(site.longMarkdown.bytes).toBeGreaterThan(120_000);
    expect(long.body.startsWith('# Almanac')).toBe(true);
    expect(long.body.trimEnd().endsWith(site.longMarkdown.tailMarker)).toBe(true);

    const local = await get(site, site.pages.local.url);
    expect(site.pages.local.url).toBe(`http://127.0.0.1:${site.port}/status.html`);
    expect(local.body).toContain(site.pages.local.paragraphs[0]);
  });

  it('serves an HTML article far over 50,000 bytes with one marked paragraph', async () => {
    const big = site.bigPage;
    expect(big.url).toBe(`http://news.test:${site.port}/big.html`);
    const page = await get(site, big.url);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const text = big.paragraphs.join('\n\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(60_000);
    expect(page.body).toContain(big.markerParagraph);
    expect(big.paragraphs.filter((paragraph) => paragraph.includes(big.marker))).toEqual([
      big.markerParagraph,
    ]);
  });

  it('answers a POSTed DuckDuckGo search with a page the extension parses into the results', async () => {
    const { search } = site;
    expect(search.url).toBe(`http://search.test:${site.port}/html/`);
    const answer = await get(site, search.url, {
      body: new URLSearchParams({ q: 'lune valley apple harvest' }).toString(),
      type: 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('//duckduckgo.com/l/?uddg=');
    expect(answer.body).toContain(SEARCH_AD.title);
    expect(search.queries).toEqual(['lune valley apple harvest']);
    expect(site.requests[0]).toMatchObject({
      method: 'POST',
      host: 'search.test',
      path: '/html/',
      body: 'q=lune+valley+apple+harvest',
    });
    // The product's own parser: the ad skipped, the redirect link unwrapped.
    const parsed = parseDuckDuckGoPage(answer.body, search.url);
    expect(parsed).toEqual({
      kind: 'results',
      results: search.results.map(({ title, url, snippet }) => ({ title, url, snippet })),
    });
    // A GET with ?q= works too.
    await get(site, `${search.url}?q=bees`);
    expect(search.queries).toEqual(['lune valley apple harvest', 'bees']);
  });
});
