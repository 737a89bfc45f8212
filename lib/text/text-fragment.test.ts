import { describe, expect, it } from 'vitest';
import { encodeFragmentTerm, passageDirective, passageUrl } from './text-fragment';

const PAGE = [
  '# The Tide Clocks',
  '',
  'The **tide clock** turns with the moon, not the sun. A [lunar day](https://example.test/lunar)',
  'lasts 24 hours and 50 minutes, so high water comes later each day - about fifty minutes later.',
  '',
  '| Port | High water |',
  '| --- | --- |',
].join('\n');

describe('passage links', () => {
  it('builds the fragment from the source words, whatever case and spacing the quote had', () => {
    expect(passageUrl('https://tides.test/clocks#top', 'TIDE  clock turns', PAGE)).toBe(
      'https://tides.test/clocks#:~:text=tide%20clock%20turns',
    );
  });

  it('reads through Markdown links and emphasis to the words a reader sees', () => {
    expect(passageDirective('a lunar day lasts 24 hours', PAGE)).toBe(
      'text=A%20lunar%20day%20lasts%2024%20hours',
    );
  });

  it('gives no fragment when the quote is not in the source', () => {
    expect(passageUrl('https://tides.test/clocks', 'the tide clock turns with the sun', PAGE)).toBe(
      undefined,
    );
    expect(passageDirective('"" …', PAGE)).toBe(undefined);
  });

  it('links a long passage by its first and last words, percent-encoding - , and &', () => {
    const directive = passageDirective(
      'so high water comes later each day - about fifty minutes later',
      PAGE,
    );
    expect(directive).toBe('text=so%20high%20water%20comes,about%20fifty%20minutes%20later');
    expect(encodeFragmentTerm('a-b, c & d')).toBe('a%2Db%2C%20c%20%26%20d');
  });

  it('sends a long passage whole when its first words occur earlier in the page', () => {
    const page =
      'The tide turns again. Later: the tide turns again when the moon is high and the day is long.';
    expect(
      passageDirective('the tide turns again when the moon is high and the day is long', page),
    ).toBe(
      'text=the%20tide%20turns%20again%20when%20the%20moon%20is%20high%20and%20the%20day%20is%20long',
    );
  });

  it('matches Chinese text character by character', () => {
    expect(passageDirective('潮汐钟', '这是潮汐钟的说明。')).toBe(
      `text=${encodeURIComponent('潮汐钟')}`,
    );
  });
});
