import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from '../testing/make-pdf';

/** The text drawn on the fixture PDF's two pages, which must reach the model. */
export const PDF_LINES = {
  first: 'Quarterly report of the Lune valley cooperative',
  second: 'Cider makers bought 410 tonnes of surplus apples',
};
const PDF_TITLE = 'Lune valley quarterly report';

export interface PdfSite {
  /** `http://papers.test:<port>/report.pdf` (every host resolves to loopback in the tests). */
  url: string;
  /** How many times the PDF was requested. */
  hits(): number;
  close(): Promise<void>;
}

/**
 * Serves one two-page PDF, written by lib/pdf/__fixtures__/make-pdf.ts when the server starts,
 * as `application/pdf`: what a PDF tab shows and what the fetch tool downloads.
 */
export async function startPdfSite(): Promise<PdfSite> {
  const pdf = makePdf({
    title: PDF_TITLE,
    pages: [{ lines: [PDF_LINES.first] }, { lines: [PDF_LINES.second] }],
  });
  let hits = 0;
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/report.pdf') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    hits += 1;
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'cache-control': 'no-store',
    });
    response.end(Buffer.from(pdf));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://papers.test:${port}/report.pdf`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
