/**
 * A local "public web" for browser tests: fixture pages written by hand for these tests (no page
 * here was copied or generated), served on 127.0.0.1 under `*.test` host names. The fixtures'
 * `--host-resolver-rules` map every `*.test` host to 127.0.0.1, so `http://news.test:<port>/…`
 * looks like an ordinary public site to the extension (its private-address guard stays on) while
 * it is really this server. Pages are chosen by the Host header and the path; every request is
 * recorded (method, host, path, headers) so a test can see who asked for what.
 *
 * Each page carries distinctive strings that say which of its parts reached the model: article
 * paragraphs (must arrive), navigation, inline script, cookie banner and newsletter box (must
 * not), a table (must arrive as a GFM table) and a relative link (must arrive absolute).
 *
 * For fetching: a second news.test article, a "home server" page on 127.0.0.1 itself (reachable
 * only once the user exempts it from the private-address guard), a redirect to another host
 * (news.test/go → garden.test), a same-host redirect, and a markdown document over 100 KB.
 *
 * For agentic_fetch: an HTML article whose markdown is over 50,000 bytes (`bigPage`, saved as a
 * page file by web_fetch), and a DuckDuckGo-shaped search endpoint on search.test (`search`):
 * `POST /html/` with the form field `q`, answered with a results page in the shape of
 * DuckDuckGo's HTML results page (made by hand like testing/fixtures/search, with an ad and a
 * `//duckduckgo.com/l/?uddg=` redirect link), recording every query it got.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the fixture site received. */
export interface SiteRequest {
  method: string;
  /** The Host header without the port, lower case, e.g. `news.test`. */
  host: string;
  /** Path without the query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  at: number;
  /** The request body as text, for requests that sent one (a search form's POST). */
  body?: string;
}

/** A page of the fixture site and the strings a test looks for in what the model received. */
interface FixturePage {
  host: string;
  path: string;
  title: string;
  /** Full address on the running server (set by `startFixtureSite`). */
  url: string;
  /** Article text that must reach the model. */
  paragraphs: string[];
  html: string;
}

/** The texts of the main article that must never reach the model. */
export const ARTICLE_BOILERPLATE = {
  /** Navigation menu items. */
  nav: ['Crossword corner', 'Horoscope hub', 'Weather desk'],
  /** A string only the inline script holds. */
  script: 'zx-beacon-7731-tracker',
  /** The cookie banner's sentence and button. */
  cookie: 'We use cookies to improve your reading experience',
  /** The newsletter sign-up box inside the article. */
  newsletter: 'Get the Orchard Weekly newsletter',
} as const;

/** The secret page's text: it must never reach the model unless the user allowed it. */
export const SECRET_TEXT = 'The vault combination is saffron-otter-4471';

interface PageSource {
  host: string;
  path: string;
  title: string;
  paragraphs: string[];
  /** The page's HTML; `{{origin}}` is replaced by `http://<host>:<port>`. */
  html: (page: { title: string; paragraphs: string[] }) => string;
}

const ARTICLE_PARAGRAPHS = [
  'Apple growers in the Lune valley picked a record harvest this autumn, helped by a warm spring and an unusually dry September.',
  'The cooperative counted its crates twice before announcing the figure, because nobody in the valley could remember a season like it.',
  'Older trees, some planted before the war, produced as much fruit as the young dwarf stock that replaced most orchards in the nineties.',
  'Growers now worry about storage: the cold rooms of the cooperative hold barely two thirds of what came in, and cider makers are buying the rest cheaply.',
];

const article: PageSource = {
  host: 'news.test',
  path: '/article.html',
  title: 'Record apple harvest in the Lune valley',
  paragraphs: ARTICLE_PARAGRAPHS,
  html: ({ title, paragraphs }) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <script>
    window.analyticsConfig = { id: "${ARTICLE_BOILERPLATE.script}", sampleRate: 1 };
    document.documentElement.dataset.tracked = "yes";
  </script>
  <style>
    .cookie-banner { position: fixed; bottom: 0; left: 0; right: 0; background: #eee; padding: 1em; }
  </style>
</head>
<body>
  <header class="site-header">
    <a href="/" class="logo">The Valley Courier</a>
    <nav class="main-menu" aria-label="Sections">
      <ul>
        <li><a href="/local/">Local news</a></li>
        <li><a href="/weather/">${ARTICLE_BOILERPLATE.nav[2]}</a></li>
        <li><a href="/games/crossword/">${ARTICLE_BOILERPLATE.nav[0]}</a></li>
        <li><a href="/stars/">${ARTICLE_BOILERPLATE.nav[1]}</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>${title}</h1>
      <p class="byline">By Maren Holt, agriculture correspondent</p>
      <p>${paragraphs[0]}</p>
      <p>${paragraphs[1]}</p>
      <h2>Harvest by year</h2>
      <table>
        <thead>
          <tr><th>Year</th><th>Harvest (tonnes)</th></tr>
        </thead>
        <tbody>
          <tr><td>2021</td><td>1,240</td></tr>
          <tr><td>2022</td><td>1,310</td></tr>
          <tr><td>2023</td><td>1,985</td></tr>
        </tbody>
      </table>
      <p>${paragraphs[2]} The figures compare with <a href="/archive/orchards-2019.html">our 2019 orchard survey</a>, which counted every tree in the valley.</p>
      <aside class="newsletter-signup">
        <h3>${ARTICLE_BOILERPLATE.newsletter}</h3>
        <p>Sign up for our newsletter and receive farming news every Friday.</p>
        <form><input type="email" placeholder="Your email"><button type="submit">Subscribe</button></form>
      </aside>
      <p>${paragraphs[3]}</p>
    </article>
  </main>
  <footer class="site-footer"><p>© The Valley Courier. All rights reserved.</p></footer>
  <div class="cookie-banner" id="cookie-consent" role="dialog" aria-label="Cookie consent">
    <p>${ARTICLE_BOILERPLATE.cookie} and to measure our audience.</p>
    <button type="button">Accept</button>
  </div>
</body>
</html>
`,
};

const simpleArticle = (
  host: string,
  path: string,
  title: string,
  paragraphs: string[],
): PageSource => ({
  host,
  path,
  title,
  paragraphs,
  html: (page) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${page.title}</title></head>
<body>
  <main>
    <article>
      <h1>${page.title}</h1>
${page.paragraphs.map((text) => `      <p>${text}</p>`).join('\n')}
    </article>
  </main>
</body>
</html>
`,
});

const beesArticle = simpleArticle('garden.test', '/bees.html', 'Why bees dance in circles', [
  'A forager bee that finds flowers close to the hive performs a round dance, turning in small circles on the comb while her sisters follow her.',
  'The dance says that food is near without saying where; the followers smell the scent of the flowers on her body and search around the hive.',
  'For sources farther away the bee switches to the waggle dance, whose angle and length encode both direction and distance.',
]);

const riversArticle = simpleArticle('atlas.test', '/rivers.html', 'How rivers choose their path', [
  'A river meanders because water on the outside of a bend flows faster, eroding the bank, while slower water on the inside drops its sand.',
  'Over centuries the loops grow until the river cuts through a narrow neck during a flood and leaves an oxbow lake behind.',
  'Engineers who straightened rivers in the last century often found that the water returned to its old bends within a few decades.',
]);

const secretPage = simpleArticle('ledger.test', '/private.html', 'Household ledger (private)', [
  `${SECRET_TEXT}, and the spare key hangs behind the boiler in the cellar.`,
  'Monthly savings go to the orange account on the first working day; the emergency fund is not to be touched before spring.',
]);

const marketArticle = simpleArticle('news.test', '/market.html', 'Cider makers buy the surplus', [
  'Cider makers from across the county queued at the cooperative gates on Monday to buy the apples its cold rooms cannot hold.',
  'The price per crate fell by a third in a week, which the growers accept because unsold fruit would rot before Christmas.',
]);

/**
 * A "home server" on the loopback address itself (`http://127.0.0.1:<port>/status.html`): what a
 * fetch reaches only after the user exempts that host from the private-address guard.
 */
const localStatusPage = simpleArticle('127.0.0.1', '/status.html', 'Home server status', [
  'The backup disk on the home server is 71 percent full and the last nightly copy finished at 03:12.',
  'The garden irrigation controller reports that zone three skipped its run because the soil was wet.',
]);

const FIXTURE_PAGES = {
  article,
  bees: beesArticle,
  rivers: riversArticle,
  secret: secretPage,
  market: marketArticle,
  local: localStatusPage,
} as const;

/** Redirects the site answers: `location` gets the running server's `origin` function. */
interface RedirectSource {
  host: string;
  path: string;
  status: 301 | 302 | 303 | 307 | 308;
  location: (origin: (host: string) => string) => string;
}

const REDIRECT_SOURCES = {
  /** news.test/go → garden.test's bees article: another host, so the user is asked again. */
  toOtherHost: {
    host: 'news.test',
    path: '/go',
    status: 302,
    location: (origin) => `${origin('garden.test')}/bees.html`,
  },
  /** news.test/2023/harvest → /article.html on the same host (a relative Location). */
  sameHost: {
    host: 'news.test',
    path: '/2023/harvest',
    status: 301,
    location: () => '/article.html',
  },
} as const satisfies Record<string, RedirectSource>;

type FixtureRedirectName = keyof typeof REDIRECT_SOURCES;

interface FixtureRedirect {
  host: string;
  path: string;
  status: number;
  /** Full address of the redirecting URL on the running server. */
  url: string;
  /** The Location header as sent (may be relative). */
  location: string;
  /** Where it leads, absolute. */
  target: string;
}

/**
 * A markdown document larger than the `fetch` tool's 100 KB output cap, served as
 * `text/markdown` (markdown passes through unchanged, so its size is exactly what the tool caps).
 * Every section is numbered; the last one holds `tailMarker`, which must not survive the cut.
 */
function longMarkdown(): { text: string; headMarker: string; tailMarker: string } {
  const headMarker = 'Almanac of the Lune valley, first section: frost dates.';
  const tailMarker = 'LAST-SECTION-MARKER-walnut-9182';
  const sections: string[] = ['# Almanac of the Lune valley', '', headMarker, ''];
  for (let index = 1; index <= 700; index++) {
    sections.push(
      `## Section ${index}`,
      '',
      `Entry ${index}: the orchards were walked, the hedges counted and the weather noted, ` +
        'as every year since the almanac began; nothing in this entry is unusual, which is the point.',
      '',
    );
  }
  sections.push('## Last section', '', tailMarker, '');
  return { text: sections.join('\n'), headMarker, tailMarker };
}

const LONG_MARKDOWN = longMarkdown();
const LONG_MARKDOWN_PATH = '/almanac.md';
const LONG_MARKDOWN_HOST = 'news.test';

interface LongMarkdownPage {
  url: string;
  /** Size of the body in bytes of UTF-8. */
  bytes: number;
  text: string;
  /** Text near the top, which survives the 100 KB cut. */
  headMarker: string;
  /** Text at the very end, which does not. */
  tailMarker: string;
}

/**
 * An HTML article whose markdown is well over web_fetch's 50,000-byte inline limit: 450 numbered
 * register entries (one paragraph, one markdown line each), with `marker` in entry 307 only.
 */
function bigArticle(): {
  title: string;
  paragraphs: string[];
  marker: string;
  markerIndex: number;
} {
  const title = 'Register of the Lune valley orchards';
  const marker = 'quince-ledger-7749';
  const markerIndex = 306;
  const orchards = ['Brackenfold', 'Hollins', 'Low Mill', 'Crook', 'Gressingham', 'Aughton'];
  const varieties = ['Bramley', 'Cox', 'Egremont Russet', 'Discovery', 'Lord Derby', 'Keswick'];
  const paragraphs: string[] = [];
  for (let index = 0; index < 450; index++) {
    const entry = index + 1;
    paragraphs.push(
      index === markerIndex
        ? `Register entry ${entry}: the Holt orchard at Brackenfold keeps the valley's only quince tree, listed in the cooperative books as ${marker}, planted in 1911.`
        : `Register entry ${entry}: the ${orchards[index % orchards.length]} orchard, row ${(index % 17) + 1}, ` +
            `keeps ${40 + ((index * 7) % 90)} ${varieties[index % varieties.length]} trees, pruned in ` +
            `${['January', 'February', 'March'][index % 3]} and picked by hand, as recorded every year.`,
    );
  }
  return { title, paragraphs, marker, markerIndex };
}

const BIG_ARTICLE = bigArticle();
const bigPageSource = simpleArticle(
  'news.test',
  '/big.html',
  BIG_ARTICLE.title,
  BIG_ARTICLE.paragraphs,
);

interface BigPage extends FixturePage {
  /** A token that appears in one paragraph only (`markerParagraph`). */
  marker: string;
  markerParagraph: string;
}

/** One result of the search fixture's results page. */
interface SearchFixtureResult {
  title: string;
  /** The address the result leads to (what the extension should show the model). */
  url: string;
  snippet: string;
  /** Linked through DuckDuckGo's `//duckduckgo.com/l/?uddg=` redirect instead of directly. */
  viaRedirect?: boolean;
}

const SEARCH_HOST = 'search.test';
const SEARCH_PATH = '/html/';
/** An ad on the results page: its link is DuckDuckGo's `y.js` click tracker, never a result. */
export const SEARCH_AD = {
  title: 'Cheap cider presses - order today',
  snippet: 'Sponsored: presses for every orchard, free delivery.',
  href: 'https://duckduckgo.com/y.js?ad_domain=presses.example&ad_provider=bingv7aa&ad_type=txad',
} as const;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A results page in the shape of DuckDuckGo's HTML endpoint (same classes, invented content). */
function searchResultsPage(query: string, results: readonly SearchFixtureResult[]): string {
  const item = (href: string, title: string, snippet: string, ad = false) => `
        <div class="result results_links results_links_deep ${ad ? 'result--ad' : 'web-result'}">
          <div class="links_main links_deep result__body">
            <h2 class="result__title">
              <a rel="nofollow" class="result__a" href="${escapeHtml(href)}">${escapeHtml(title)}</a>
            </h2>
            <div class="result__extras"><div class="result__extras__url">
              <a class="result__url" href="${escapeHtml(href)}">${escapeHtml(href)}</a>
            </div></div>
            <a class="result__snippet" href="${escapeHtml(href)}">${escapeHtml(snippet)}</a>
          </div>
        </div>`;
  const links = results.map((result) =>
    item(
      result.viaRedirect
        ? `//duckduckgo.com/l/?uddg=${encodeURIComponent(result.url)}&rut=e2e${result.url.length}`
        : result.url,
      result.title,
      result.snippet,
    ),
  );
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(query)} at DuckDuckGo</title></head>
<body class="body--html">
  <form action="/html/" method="post">
    <input type="text" name="q" value="${escapeHtml(query)}" class="search__input">
  </form>
  <div class="serp__results">
    <div id="links" class="results">${item(SEARCH_AD.href, SEARCH_AD.title, SEARCH_AD.snippet, true)}${links.join('')}
    </div>
  </div>
</body>
</html>
`;
}

interface SearchFixture {
  /** The endpoint to put in Settings → DuckDuckGo URL: `http://search.test:<port>/html/`. */
  url: string;
  /** Every query it got, decoded, in order. */
  queries: string[];
  /**
   * What every search answers (assign to change it). By default: the article (through a
   * DuckDuckGo redirect link), the market article and the bees article (direct links).
   */
  results: SearchFixtureResult[];
  /** Milliseconds each search waits before answering (assign to slow it down; 0 by default). */
  delayMs: number;
}

type FixturePageName = keyof typeof FIXTURE_PAGES;

export interface FixtureSite {
  port: number;
  /** `http://<host>:<port>` for a `*.test` host. */
  origin(host: string): string;
  /** The pages with their full addresses on this server. */
  pages: Record<FixturePageName, FixturePage>;
  /** Redirecting URLs (`toOtherHost`: news.test → garden.test; `sameHost`: within news.test). */
  redirects: Record<FixtureRedirectName, FixtureRedirect>;
  /** A markdown document over 100 KB on news.test. */
  longMarkdown: LongMarkdownPage;
  /** An HTML article on news.test whose markdown is over 50,000 bytes. */
  bigPage: BigPage;
  /** The DuckDuckGo-shaped search endpoint on search.test. */
  search: SearchFixture;
  /** Milliseconds each fixture page waits before answering (assign; 0 by default). */
  pageDelayMs: number;
  /** Every request in arrival order. */
  requests: SiteRequest[];
  /** Serves `response` at `host` + `path` for the rest of the test; returns its full address. */
  serve(host: string, path: string, response: ExtraResponse): string;
  close(): Promise<void>;
}

/** A response a test adds to the site (a PDF, an app shell, a page with a hostile title). */
interface ExtraResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const requests: SiteRequest[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  const origin = (host: string) => `http://${host}:${port}`;
  // The addresses need the port: filled in once the server listens.
  const extras = new Map<string, ExtraResponse>();
  const search: SearchFixture = { url: '', queries: [], results: [], delayMs: 0 };
  const delays = { pages: 0 };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const record: SiteRequest = {
      method: request.method ?? 'GET',
      host,
      path,
      headers: { ...request.headers },
      at: Date.now(),
    };
    requests.push(record);
    const extra = extras.get(`${host}${path}`);
    if (extra) {
      response.writeHead(extra.status ?? 200, { 'cache-control': 'no-store', ...extra.headers });
      response.end(request.method === 'HEAD' ? undefined : extra.body);
      return;
    }
    if (host === SEARCH_HOST && path === SEARCH_PATH) {
      void answerSearch(request, response, record);
      return;
    }
    const redirect = Object.values(REDIRECT_SOURCES).find(
      (candidate) => candidate.host === host && candidate.path === path,
    );
    if (redirect) {
      response.writeHead(redirect.status, {
        location: redirect.location(origin),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end('<!doctype html><title>Moved</title><p>Moved.</p>');
      return;
    }
    if (host === LONG_MARKDOWN_HOST && path === LONG_MARKDOWN_PATH) {
      response.writeHead(200, {
        'content-type': 'text/markdown; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : LONG_MARKDOWN.text);
      return;
    }
    const source = [...Object.values(FIXTURE_PAGES), bigPageSource].find(
      (page) => page.host === host && page.path === path,
    );
    if (!source || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Not found</title><p>Not found.</p>');
      return;
    }
    const answer = () => {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : source.html(source));
    };
    if (delays.pages) setTimeout(answer, delays.pages);
    else answer();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** DuckDuckGo's HTML endpoint: the query from a POSTed form (or `?q=`), a results page back. */
  async function answerSearch(
    request: IncomingMessage,
    response: ServerResponse,
    record: SiteRequest,
  ): Promise<void> {
    const body = await readBody(request);
    if (body) record.body = body;
    const fromQuery = new URL(request.url ?? '/', 'http://search.test').searchParams.get('q');
    const query =
      request.method === 'POST' ? new URLSearchParams(body).get('q') : (fromQuery ?? null);
    if (query === null) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('No query.');
      return;
    }
    search.queries.push(query);
    if (search.delayMs) await pause(search.delayMs);
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(searchResultsPage(query, search.results));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  const pages = Object.fromEntries(
    Object.entries(FIXTURE_PAGES).map(([name, source]) => [
      name,
      {
        host: source.host,
        path: source.path,
        title: source.title,
        paragraphs: source.paragraphs,
        url: `${origin(source.host)}${source.path}`,
        html: source.html(source),
      },
    ]),
  ) as Record<FixturePageName, FixturePage>;

  const redirects = Object.fromEntries(
    Object.entries(REDIRECT_SOURCES).map(([name, source]) => {
      const url = `${origin(source.host)}${source.path}`;
      const location = source.location(origin);
      return [
        name,
        {
          host: source.host,
          path: source.path,
          status: source.status,
          url,
          location,
          target: new URL(location, url).href,
        },
      ];
    }),
  ) as Record<FixtureRedirectName, FixtureRedirect>;

  search.url = `${origin(SEARCH_HOST)}${SEARCH_PATH}`;
  search.results = [
    {
      title: pages.article.title,
      url: pages.article.url,
      snippet: 'Apple growers in the Lune valley picked a record harvest this autumn.',
      viaRedirect: true,
    },
    {
      title: pages.market.title,
      url: pages.market.url,
      snippet: 'Cider makers queued at the cooperative gates to buy the surplus apples.',
    },
    {
      title: pages.bees.title,
      url: pages.bees.url,
      snippet: 'A forager bee that finds flowers close to the hive performs a round dance.',
    },
  ];
  const markerParagraph = BIG_ARTICLE.paragraphs[BIG_ARTICLE.markerIndex]!;

  return {
    port,
    origin,
    pages,
    redirects,
    bigPage: {
      host: bigPageSource.host,
      path: bigPageSource.path,
      title: bigPageSource.title,
      paragraphs: bigPageSource.paragraphs,
      url: `${origin(bigPageSource.host)}${bigPageSource.path}`,
      html: bigPageSource.html(bigPageSource),
      marker: BIG_ARTICLE.marker,
      markerParagraph,
    },
    search,
    get pageDelayMs() {
      return delays.pages;
    },
    set pageDelayMs(ms: number) {
      delays.pages = ms;
    },
    longMarkdown: {
      url: `${origin(LONG_MARKDOWN_HOST)}${LONG_MARKDOWN_PATH}`,
      bytes: Buffer.byteLength(LONG_MARKDOWN.text, 'utf8'),
      text: LONG_MARKDOWN.text,
      headMarker: LONG_MARKDOWN.headMarker,
      tailMarker: LONG_MARKDOWN.tailMarker,
    },
    requests,
    serve(host, path, extra) {
      extras.set(`${host}${path}`, extra);
      return `${origin(host)}${path}`;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
