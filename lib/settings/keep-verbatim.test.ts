import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsSchema } from './schema';

const issues = (keepVerbatim: string[]) =>
  settingsSchema
    .safeParse({ ...DEFAULT_SETTINGS, keepVerbatim })
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('Keep verbatim patterns', () => {
  it('are accepted when each is a valid pattern', () => {
    expect(issues(['HT-\\d{4}', '合同编号[:：]\\S+'])).toBeUndefined();
  });

  it('are refused on save with a sentence naming the bad pattern', () => {
    expect(issues(['HT-\\d{4}', 'clause (7'])).toEqual([
      [
        'keepVerbatim',
        expect.stringMatching(/^Keep verbatim: "clause \(7" is not a valid pattern \(.+\)\.$/),
      ],
    ]);
  });

  it('are refused when a pattern matches empty text', () => {
    expect(issues(['x*'])).toEqual([
      [
        'keepVerbatim',
        'Keep verbatim: "x*" matches empty text; it must match at least one character.',
      ],
    ]);
  });
});
