import { describe, expect, it, vi } from 'vitest';
import { fetchPdfBytes } from './fetch-pdf';

const PDF = new TextEncoder().encode('%PDF-1.4 tiny');

function fakeFetch(response: () => Response) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response());
}

/** A body that sends `first` and then nothing more, ever. */
function stalledBody(first: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
  });
}

describe('fetchPdfBytes', () => {
  it('downloads without cookies, Referer or redirects', async () => {
    const fetch = fakeFetch(() => new Response(PDF));
    const result = await fetchPdfBytes('https://docs.test/a.pdf', { fetch });
    expect(result).toEqual({ ok: true, bytes: PDF });
    const init = fetch.mock.calls[0]?.[1];
    expect(init).toMatchObject({
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
    });
  });

  it('explains a redirect or a refusal as a sign-in the download lacks', async () => {
    const redirected = await fetchPdfBytes('https://docs.test/a.pdf', {
      fetch: fakeFetch(() => new Response(null, { status: 302 })),
    });
    expect(!redirected.ok && redirected.reason).toMatch(/needs you to be signed in/);
    const refused = await fetchPdfBytes('https://docs.test/a.pdf', {
      fetch: fakeFetch(() => new Response('no', { status: 403 })),
    });
    expect(!refused.ok && refused.reason).toBe(
      'docs.test refused to send the PDF without your sign-in (HTTP 403); Gleaner downloads without your cookies, so it cannot read this PDF.',
    );
    const missing = await fetchPdfBytes('https://docs.test/a.pdf', {
      fetch: fakeFetch(() => new Response('no', { status: 404 })),
    });
    expect(missing).toEqual({
      ok: false,
      reason: 'docs.test answered HTTP 404 for https://docs.test/a.pdf.',
    });
  });

  it('refuses PDFs over the size cap, by header or by counting the stream', async () => {
    const declared = await fetchPdfBytes('https://docs.test/a.pdf', {
      maxBytes: 4,
      fetch: fakeFetch(() => new Response(PDF, { headers: { 'content-length': '999999999' } })),
    });
    expect(!declared.ok && declared.reason).toMatch(/larger than the 0 MiB/);
    const counted = await fetchPdfBytes('https://docs.test/a.pdf', {
      maxBytes: 4,
      fetch: fakeFetch(() => new Response(PDF)),
    });
    expect(!counted.ok && counted.reason).toMatch(/^The PDF is larger than/);
  });

  it('names the silence limit when the server stops sending', async () => {
    const result = await fetchPdfBytes('https://docs.test/a.pdf', {
      idleTimeoutMs: 50,
      fetch: async () => new Response(stalledBody(PDF)),
    });
    expect(result).toEqual({
      ok: false,
      reason: 'docs.test sent nothing for 0.05 seconds while sending the PDF.',
    });
  });

  it('names the total time limit', async () => {
    const result = await fetchPdfBytes('https://docs.test/a.pdf', {
      totalTimeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    expect(result).toEqual({
      ok: false,
      reason: 'The PDF download from docs.test took longer than 0.05 seconds.',
    });
  });

  it('refuses other schemes and addresses with credentials', async () => {
    const fetch = fakeFetch(() => new Response(PDF));
    expect(await fetchPdfBytes('ftp://docs.test/a.pdf', { fetch })).toMatchObject({ ok: false });
    expect(await fetchPdfBytes('https://user:pw@docs.test/a.pdf', { fetch })).toMatchObject({
      ok: false,
    });
    expect(await fetchPdfBytes('file:///home/a.pdf', { fetch })).toEqual({
      ok: false,
      reason: 'Gleaner cannot read local PDF files (file://) in this browser.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads file: URLs through the local file reader when there is one', async () => {
    const readLocalFile = vi.fn(async () => PDF);
    expect(await fetchPdfBytes('file:///home/a.pdf', { readLocalFile })).toEqual({
      ok: true,
      bytes: PDF,
    });
    expect(readLocalFile).toHaveBeenCalledWith('file:///home/a.pdf', undefined);
  });
});
