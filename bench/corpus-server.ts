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

export async function startCorpusServer(count: number): Promise<CorpusServer | undefined> {
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
    const body = pages.get(request.url ?? '');
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not a corpus page.');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urls: [...pages.keys()].map((name) => `http://127.0.0.1:${port}${name}`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
