import { PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { latin1Bytes, makePdf, SCANNED_PAGE } from '../../testing/make-pdf';
import { joinTextItems, looksLikePdf, pdfToText } from './pdf-text';

// Every PDF here is written by hand in the test by `testing/make-pdf.ts` (objects as text,
// xref offsets computed while assembling, Helvetica text), so the bytes are known exactly.

describe('pdfToText', () => {
  it('reads the classic Hello World PDF with a page heading and its title', async () => {
    const result = await pdfToText(
      makePdf({ title: 'Greetings', lang: 'en-GB', pages: [{ lines: ['Hello World'] }] }),
    );
    expect(result).toEqual({
      ok: true,
      text: '## Page 1\n\nHello World',
      pages: 1,
      pagesRead: 1,
      title: 'Greetings',
      lang: 'en-GB',
    });
  });

  it('keeps line breaks and separates pages with a blank line and a heading each', async () => {
    const result = await pdfToText(
      makePdf({
        pages: [
          { lines: ['Quarterly report', 'Revenue rose 12% to $4.2 million.'] },
          { lines: ['Outlook (2025)', 'Costs fell.'] },
        ],
      }),
    );
    expect(result).toMatchObject({ ok: true, pages: 2, pagesRead: 2 });
    expect(result.ok && result.text).toBe(
      '## Page 1\n\nQuarterly report\nRevenue rose 12% to $4.2 million.\n\n' +
        '## Page 2\n\nOutlook (2025)\nCosts fell.',
    );
    expect(result.ok && result.title).toBeUndefined();
  });

  it('reads only maxPages pages and says how many were left out', async () => {
    const result = await pdfToText(
      makePdf({ pages: [{ lines: ['one'] }, { lines: ['two'] }, { lines: ['three'] }] }),
      { maxPages: 2 },
    );
    expect(result).toMatchObject({ ok: true, pages: 3, pagesRead: 2 });
    expect(result.ok && result.text).toContain('## Page 2\n\ntwo');
    expect(result.ok && result.text).not.toContain('three');
    expect(result.ok && result.text).toContain(
      'Only the first 2 of 3 pages were read; the remaining 1 pages were left out.',
    );
  });

  it('says a PDF without a text layer is probably scanned', async () => {
    const result = await pdfToText(makePdf({ pages: [SCANNED_PAGE, SCANNED_PAGE] }));
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('This PDF has no text layer (it is probably scanned images)'),
    });
  });

  it('marks single pages without text but keeps the rest', async () => {
    const result = await pdfToText(makePdf({ pages: [{ lines: ['Cover text'] }, SCANNED_PAGE] }));
    expect(result.ok && result.text).toBe(
      '## Page 1\n\nCover text\n\n## Page 2\n\n(No text on this page: it may be an image.)',
    );
  });

  it('refuses a PDF that needs a password, saying so', async () => {
    const result = await pdfToText(
      makePdf({
        pages: [{ lines: ['Secret plans'] }],
        encrypt: { userPassword: 'secret', ownerPassword: 'owner' },
      }),
    );
    expect(result).toEqual({
      ok: false,
      reason: 'This PDF is protected by a password, so Gleaner cannot read its text.',
    });
  });

  it('reads an encrypted PDF that opens without a password (owner password only)', async () => {
    const result = await pdfToText(
      makePdf({
        title: 'Locked down',
        pages: [{ lines: ['Printing is restricted'] }],
        encrypt: { userPassword: '', ownerPassword: 'owner' },
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      text: '## Page 1\n\nPrinting is restricted',
      title: 'Locked down',
    });
  });

  it('says a damaged PDF cannot be read', async () => {
    const result = await pdfToText(latin1Bytes('%PDF-1.7\n1 0 obj << /Type /Cat garbage'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^This PDF is damaged or not a valid PDF/);
  });

  it('says bytes that are not a PDF are not a PDF', async () => {
    const result = await pdfToText(latin1Bytes('<!doctype html><title>Sign in</title>'));
    expect(result).toEqual({
      ok: false,
      reason: 'This file is not a PDF (it does not start with the "%PDF-" header).',
    });
    expect(await pdfToText(new Uint8Array())).toEqual({
      ok: false,
      reason: 'The PDF is empty (0 bytes).',
    });
  });

  it('reads several documents at once through one shared worker, which stays usable', async () => {
    const worker = PDFWorker.create({ name: 'test' });
    try {
      const read = (line: string) => pdfToText(makePdf({ pages: [{ lines: [line] }] }), { worker });
      const texts = await Promise.all(['alpha', 'beta', 'gamma'].map(read));
      expect(texts.map((result) => result.ok && result.text)).toEqual([
        '## Page 1\n\nalpha',
        '## Page 1\n\nbeta',
        '## Page 1\n\ngamma',
      ]);
      expect(worker.destroyed).toBe(false);
      await expect(read('again')).resolves.toMatchObject({ ok: true });
    } finally {
      worker.destroy();
    }
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('Stopped by the user', 'AbortError'));
    await expect(
      pdfToText(makePdf({ pages: [{ lines: ['x'] }] }), { signal: controller.signal }),
    ).rejects.toThrow('Stopped by the user');
  });
});

describe('looksLikePdf', () => {
  it('finds the header after leading junk within 1,024 bytes only', () => {
    expect(looksLikePdf(latin1Bytes('%PDF-1.4'))).toBe(true);
    expect(looksLikePdf(latin1Bytes(`${' '.repeat(100)}%PDF-1.4`))).toBe(true);
    expect(looksLikePdf(latin1Bytes(`${' '.repeat(1100)}%PDF-1.4`))).toBe(false);
  });
});

describe('joinTextItems', () => {
  it('breaks lines at hasEOL, trims them and keeps one blank line at most', () => {
    const item = (str: string, hasEOL = false) => ({
      str,
      hasEOL,
      dir: 'ltr',
      transform: [],
      width: 0,
      height: 0,
      fontName: 'F1',
    });
    expect(
      joinTextItems([
        item('Title  '),
        item('', true),
        item('', true),
        item('', true),
        item('', true),
        { type: 'beginMarkedContent', id: '' },
        item('Body'),
        item(' text', true),
      ]),
    ).toBe('Title\n\nBody text');
  });
});
