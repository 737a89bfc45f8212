/**
 * Serves the largest pages of the extraction corpora (gzipped HTML under ../shared/eval) from
 * loopback, so the Summarize benchmark opens real, heavy pages as tabs. Returns undefined when
 * the corpora are not on this machine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const CORPORA = [
  path.resolve(import.meta.dirname, '../../shared/eval/extract/corpus-dev/html'),
  path.resolve(import.meta.dirname, '../../shared/eval/wcxb/corpus-dev/html'),
];

export interface CorpusServer {
  urls: string[];
  close(): Promise<void>;
}

/**
 * `host` names the pages: 127.0.0.1 for tabs, or a `.test` name that the bench's Chromium maps to
 * loopback, for fetches the extension's private-address guard would refuse on 127.0.0.1.
 */
export async function startCorpusServer(
  count: number,
  host = '127.0.0.1',
): Promise<CorpusServer | undefined> {
  const files = CORPORA.filter((folder) => existsSync(folder)).flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.html.gz'))
      .map((name) => path.join(folder, name)),
  );
  if (files.length === 0) return undefined;
  const largest = files
    .map((file) => ({ file, size: statSync(file).size }))
    .sort((a, b) => b.size - a.size)
    .slice(0, count);
  const pages = new Map(
    largest.map(({ file }, index) => [`/page-${index}.html`, gunzipSync(readFileSync(file))]),
  );
  const server = createServer((request, response) => {
    // A query string only makes a URL new to the extension's page cache: same page.
    const body = pages.get((request.url ?? '').split('?')[0]!);
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not a corpus page.');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        // The corpus pages link images, fonts and scripts on the internet, which this machine
        // cannot reach: a tab then waits on each until it gives up and only "completes" after
        // 20 s or more. Refusing everything but the page itself makes the load end at once.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urls: [...pages.keys()].map((name) => `http://${host}:${port}${name}`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
