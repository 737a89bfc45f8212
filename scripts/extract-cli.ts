/**
 * `npm run extract -- <file.html|url|-> [--url U] [--json]`: prints what the model would see of
 * a page (the same lib/extract pipeline the extension runs), as markdown or as the whole Article
 * in JSON. `-` reads HTML from standard input; a URL is fetched without cookies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractFromHtml } from '../lib/extract/extract-from-html';

const USAGE = `Usage: npm run extract -- <file.html | https://… | -> [--url <page URL>] [--json]

  file.html   a saved page          https://…  fetched (no cookies)
  -           HTML on standard input
  --url U     the page's address, for resolving its relative links (default: the fetched URL,
              else the page's canonical link, else the file's own path)
  --json      print the whole Article (title, byline, siteName, lang, publishedTime, markdown,
              textLength, excerpt, kind, fallback, hiddenText) instead of the markdown

The page's kind (article, forum, product, listing, documentation, service), and whether the
text is the unfiltered page text or holds text the page hides, are printed on standard error.`;

/** A problem the user can fix, said in words (no stack trace). */
class CliError extends Error {
  override readonly name = 'CliError';
}

interface Options {
  source: string;
  url?: string;
  json: boolean;
}

function parseArguments(args: string[]): Options | 'help' {
  let source: string | undefined;
  let url: string | undefined;
  let json = false;
  for (let index = 0; index < args.length; index++) {
    const argument = args[index]!;
    if (argument === '--help' || argument === '-h') return 'help';
    if (argument === '--json') json = true;
    else if (argument === '--url') {
      url = args[++index];
      if (!url) throw new CliError('--url needs a value, e.g. --url https://example.com/article');
    } else if (argument.startsWith('--url=')) url = argument.slice('--url='.length);
    else if (argument.startsWith('--') && argument !== '-')
      throw new CliError(`Unknown option ${argument}.`);
    else if (source !== undefined)
      throw new CliError(`Give one page, not "${source}" and "${argument}".`);
    else source = argument;
  }
  if (source === undefined)
    throw new CliError('Give a page: a file, a http(s) URL, or - for standard input.');
  if (url !== undefined) checkHttpUrl(url, '--url');
  return { source, url, json };
}

function checkHttpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${what} "${value}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`${what} "${value}" is not a http(s) URL.`);
  }
  return url;
}

const LOOKS_LIKE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

interface Page {
  html: string;
  url: string;
  label: string;
}

async function readSource(options: Options): Promise<Page> {
  const { source } = options;
  if (source === '-') {
    const html = decodeHtml(await readStandardInput(), null);
    if (!html.trim())
      throw new CliError(
        'Standard input is empty: pipe a page in, e.g. curl -s URL | npm run extract -- -',
      );
    return {
      html,
      url: options.url ?? canonicalUrl(html) ?? 'about:blank',
      label: 'standard input',
    };
  }
  if (LOOKS_LIKE_URL.test(source)) return fetchPage(checkHttpUrl(source, 'The URL'), options);
  if (!fs.existsSync(source)) {
    const hint = /^[\w-]+(\.[\w-]+)+(\/|$)/.test(source)
      ? ` (for a web page, write the full URL: https://${source})`
      : '';
    throw new CliError(`No such file: ${source}${hint}`);
  }
  if (fs.statSync(source).isDirectory())
    throw new CliError(`${source} is a folder, not an HTML file.`);
  const html = decodeHtml(fs.readFileSync(source), null);
  if (!html.trim()) throw new CliError(`${source} is empty.`);
  const url = options.url ?? canonicalUrl(html) ?? pathToFileURL(path.resolve(source)).href;
  return { html, url, label: source };
}

async function fetchPage(url: URL, options: Options): Promise<Page> {
  let response: Response;
  try {
    // Node's fetch keeps no cookie jar; `omit` says so where a runtime would have one.
    response = await fetch(url, {
      credentials: 'omit',
      redirect: 'follow',
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new CliError(`Could not fetch ${url.href}: ${cause}`);
  }
  if (!response.ok)
    throw new CliError(`${url.href} answered HTTP ${response.status} ${response.statusText}.`);
  const type = response.headers.get('content-type') ?? '';
  if (type && !/html|xml|text\/plain/i.test(type)) {
    throw new CliError(`${url.href} is ${type.split(';')[0]}, not an HTML page.`);
  }
  const html = decodeHtml(Buffer.from(await response.arrayBuffer()), charsetOf(type));
  if (!html.trim()) throw new CliError(`${url.href} sent an empty page.`);
  return { html, url: options.url ?? response.url ?? url.href, label: url.href };
}

function readStandardInput(): Promise<Buffer> {
  if (process.stdin.isTTY) {
    throw new CliError(
      'Reading from standard input, but nothing is piped in: pipe a page in or name a file.',
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks)));
    process.stdin.on('error', reject);
  });
}

function charsetOf(contentType: string): string | null {
  return /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? null;
}

/** Bytes to text: the declared charset, else a BOM or `<meta charset>`, else UTF-8. */
function decodeHtml(bytes: Buffer, declared: string | null): string {
  const head = bytes.subarray(0, 2048).toString('latin1');
  const meta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? null;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8' : null;
  for (const label of [bom, declared, meta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label: try the next source.
    }
  }
  return bytes.toString('utf8');
}

/** Where a saved page says it lives, so its relative links resolve (`<link rel=canonical>`, og:url). */
function canonicalUrl(html: string): string | null {
  const head = html.slice(0, 200_000);
  const candidates = [
    /<link[^>]+rel=["']?canonical["']?[^>]*href=["']([^"']+)["']/i.exec(head)?.[1],
    /<link[^>]+href=["']([^"']+)["'][^>]*rel=["']?canonical\b/i.exec(head)?.[1],
    /<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']/i.exec(head)?.[1],
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Not an absolute URL: look further.
    }
  }
  return null;
}

async function main(args: string[]): Promise<number> {
  try {
    const options = parseArguments(args);
    if (options === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const page = await readSource(options);
    const article = extractFromHtml(page.html, page.url);
    if (options.json) process.stdout.write(`${JSON.stringify(article, null, 2)}\n`);
    else if (article.markdown) {
      process.stdout.write(`${article.markdown}\n`);
      const notes = [`${article.kind ?? 'article'} page`];
      if (article.fallback === 'page-text') notes.push('no content found: the whole page text');
      if (article.hiddenText) notes.push('includes text the page hides');
      console.error(`extract: ${notes.join('; ')}.`);
    }
    if (article.fallback === 'app-shell') {
      console.error(
        `extract: ${page.label} is an app's shell: without its scripts it shows only its menus and footer, so it gives no content.`,
      );
    } else if (!article.markdown) console.error(`extract: no text found in ${page.label}.`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`extract: ${error.message}`);
      if (/^(Give|Unknown option)/.test(error.message)) console.error(`\n${USAGE}`);
      return error.message.startsWith('Give') || error.message.startsWith('Unknown') ? 2 : 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
