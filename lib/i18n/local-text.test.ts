import { afterEach, describe, expect, it } from 'vitest';
import {
  inEnglish,
  LocalisedError,
  local,
  localTextSchema,
  storedSentence,
  textOfError,
} from './local-text';
import { setActiveLanguage } from './translate';

afterEach(() => setActiveLanguage('en'));

const refusal = local('secretInAddress', local('secretBase64'));

describe('stored sentences', () => {
  it('are written in English whatever the chosen language, with nested reasons filled in', () => {
    setActiveLanguage('ru');
    expect(inEnglish(refusal)).toBe(
      'This address contains your API key (base64-encoded), so Gleaner refused to send it. ' +
        'The key goes only to the model endpoint; a page may have asked for it.',
    );
    expect(inEnglish(local('toolFailed', 'web_fetch', refusal))).toMatch(
      /^web_fetch failed: This address contains your API key \(base64-encoded\)/,
    );
  });

  it('are shown in the chosen language, and in English again after switching back', () => {
    const english = inEnglish(refusal);
    setActiveLanguage('ru');
    expect(storedSentence(english, refusal)).toContain('API-ключ (в кодировке base64)');
    setActiveLanguage('zh_CN');
    expect(storedSentence(english, refusal)).toContain('API 密钥（base64 编码）');
    setActiveLanguage('en');
    expect(storedSentence(english, refusal)).toBe(english);
  });

  it('show the stored English when there is no key, or a key this version does not know', () => {
    setActiveLanguage('ru');
    expect(storedSentence('Fetched 3 pages', undefined)).toBe('Fetched 3 pages');
    expect(storedSentence('From a newer Gleaner', { key: 'notAMessageYet' })).toBe(
      'From a newer Gleaner',
    );
    expect(
      storedSentence('web_fetch failed: newer', local('toolFailed', 'web_fetch', { key: 'nope' })),
    ).toBe('web_fetch failed: newer');
  });

  it('read back from disk at any depth, and a malformed one is refused', () => {
    const deep = local('toolFailed', 'a', local('toolFailed', 'b', local('toolFailed', 'c', 'd')));
    expect(localTextSchema.parse(deep)).toEqual(deep);
    expect(localTextSchema.safeParse({ key: 3 }).success).toBe(false);
  });

  it('travel on a thrown error: its message is the English, its text the key', () => {
    const error = new LocalisedError(refusal);
    expect(error.message).toBe(inEnglish(refusal));
    expect(textOfError(error)).toEqual(refusal);
    expect(textOfError(new Error('plain'))).toBeUndefined();
  });
});
