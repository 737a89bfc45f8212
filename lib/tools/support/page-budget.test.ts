import { describe, expect, it } from 'vitest';
import { fitToBudget, pageBudgetChars } from './page-budget';

describe('page budget', () => {
  it('gives each page an equal share of half the context window', () => {
    expect(pageBudgetChars(8192, 1)).toBe(4096 * 4);
    expect(pageBudgetChars(8192, 2)).toBe(2048 * 4);
    expect(pageBudgetChars(128_000, 4)).toBe(16_000 * 4);
  });

  it('never goes below a useful minimum', () => {
    expect(pageBudgetChars(2048, 10)).toBe(512 * 4);
  });

  it('keeps a page that fits whole', () => {
    expect(fitToBudget('short page', 100)).toEqual({
      text: 'short page',
      included: 10,
      total: 10,
      percent: 100,
    });
  });

  it('cuts a long page at a paragraph break and says how much was used', () => {
    const page = `${'a'.repeat(80)}\n\n${'b'.repeat(80)}\n\n${'c'.repeat(40)}`;
    const fitted = fitToBudget(page, 170);
    expect(fitted.text).toBe(`${'a'.repeat(80)}\n\n${'b'.repeat(80)}`);
    expect(fitted.percent).toBe(Math.round((162 / page.length) * 100));
    expect(fitted.nextOffset).toBe(162);
    expect(fitToBudget(page, 170, fitted.nextOffset).text).toBe(`\n\n${'c'.repeat(40)}`);
  });
});
