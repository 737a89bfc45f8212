import { describe, expect, it, vi } from 'vitest';
import { latin1Bytes, makePdf } from '../../testing/make-pdf';
import { bytesToBase64 } from './base64';
import { createOffscreenHandler } from './offscreen-handler';
import { pdfToText } from './pdf-text';

// PDFs written by hand by `testing/make-pdf.ts`; pdfToText is the real one (Node build).

function setup(download = makePdf({ pages: [{ lines: ['Fetched text'] }] })) {
  const fetchPdf = vi.fn(async (_url: string) => ({ ok: true as const, bytes: download }));
  const handle = createOffscreenHandler({ fetchPdf, pdfToText });
  return { fetchPdf, handle };
}

describe('the offscreen message handler', () => {
  it('ignores messages addressed to anyone else, so other listeners can answer them', () => {
    const { handle, fetchPdf } = setup();
    expect(handle({ type: 'pdf-text', url: 'https://a.test/x.pdf' })).toBeUndefined();
    expect(handle({ target: 'background', type: 'pdf-text' })).toBeUndefined();
    expect(handle('pdf-text')).toBeUndefined();
    expect(handle(null)).toBeUndefined();
    expect(fetchPdf).not.toHaveBeenCalled();
  });

  it('ignores requests from content scripts (they arrive with a tab)', () => {
    const { handle, fetchPdf } = setup();
    const message = { target: 'offscreen', type: 'pdf-text', url: 'https://a.test/x.pdf' };
    expect(handle(message, { tab: { id: 3 } })).toBeUndefined();
    expect(fetchPdf).not.toHaveBeenCalled();
  });

  it('downloads a URL and answers with its text', async () => {
    const { handle, fetchPdf } = setup();
    const reply = await handle({
      target: 'offscreen',
      type: 'pdf-text',
      url: 'https://a.test/x.pdf',
    });
    expect(fetchPdf).toHaveBeenCalledWith('https://a.test/x.pdf');
    expect(reply).toMatchObject({ ok: true, text: '## Page 1\n\nFetched text', pages: 1 });
  });

  it('reads base64 bytes and passes maxPages on', async () => {
    const { handle, fetchPdf } = setup();
    const bytes = makePdf({ pages: [{ lines: ['first'] }, { lines: ['second'] }] });
    const reply = await handle({
      target: 'offscreen',
      type: 'pdf-text',
      bytesBase64: bytesToBase64(bytes),
      maxPages: 1,
    });
    expect(fetchPdf).not.toHaveBeenCalled();
    expect(reply).toMatchObject({ ok: true, pages: 2, pagesRead: 1 });
  });

  it('passes a failed download on as the answer', async () => {
    const handle = createOffscreenHandler({
      fetchPdf: async () => ({ ok: false, reason: 'a.test answered HTTP 404 for x.' }),
      pdfToText,
    });
    await expect(
      handle({ target: 'offscreen', type: 'pdf-text', url: 'https://a.test/x' }),
    ).resolves.toEqual({ ok: false, reason: 'a.test answered HTTP 404 for x.' });
  });

  it('answers a malformed request with a sentence instead of failing', async () => {
    const { handle } = setup();
    const both = await handle({
      target: 'offscreen',
      type: 'pdf-text',
      url: 'https://a.test/x.pdf',
      bytesBase64: 'JVBERi0=',
    });
    expect(both).toEqual({
      ok: false,
      reason: expect.stringContaining('Give exactly one of url and bytesBase64.'),
    });
    const unknown = await handle({ target: 'offscreen', type: 'dom-parse' });
    expect(unknown).toMatchObject({ ok: false });
    const badBase64 = await handle({ target: 'offscreen', type: 'pdf-text', bytesBase64: '%%%' });
    expect(badBase64).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Gleaner could not read the PDF/),
    });
  });

  it('says when downloaded bytes are not a PDF (a sign-in page, say)', async () => {
    const { handle } = setup(latin1Bytes('<!doctype html><h1>Please sign in</h1>'));
    await expect(
      handle({ target: 'offscreen', type: 'pdf-text', url: 'https://a.test/x.pdf' }),
    ).resolves.toEqual({
      ok: false,
      reason: 'This file is not a PDF (it does not start with the "%PDF-" header).',
    });
  });
});
