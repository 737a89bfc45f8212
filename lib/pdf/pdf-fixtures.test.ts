import { describe, expect, it } from 'vitest';
import { makePdf } from '../../testing/make-pdf';

// pdf.js repairs broken cross-reference tables silently, so the fixtures' own correctness is
// checked here: every xref entry must point at the start of its object.
describe('makePdf', () => {
  it('writes an xref table whose offsets point at each object', () => {
    const file = Buffer.from(
      makePdf({ title: 'T', pages: [{ lines: ['a'] }, { lines: ['b'] }] }),
    ).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
    expect(file.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = [...file.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
      Number(match[1]),
    );
    expect(entries).toHaveLength(8);
    entries.forEach((offset, index) => {
      expect(file.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
  });
});
