import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';
import { applyLanguageChoice, browserLanguage } from './language-choice';
import { activeLocale, setActiveLanguage, t, tp } from './translate';

afterEach(() => setActiveLanguage('en'));

describe('formatMessage, the rules of browser.i18n.getMessage', () => {
  it('fills named placeholders from the substitutions and turns $$ into $', () => {
    const entry = {
      message: 'Ready: $MODEL$ on $provider$ for $$1',
      placeholders: { model: { content: '$1' }, provider: { content: '$2' } },
    };
    expect(formatMessage(entry, ['gpt-4.1-mini', 'OpenAI'])).toBe(
      'Ready: gpt-4.1-mini on OpenAI for $1',
    );
  });

  it('leaves a missing substitution empty', () => {
    expect(formatMessage({ message: 'a $x$ b', placeholders: { x: { content: '$1' } } }, [])).toBe(
      'a  b',
    );
  });
});

describe('t and tp', () => {
  it('read the chosen language from the bundled messages', () => {
    setActiveLanguage('ru');
    expect(t('summarizePage')).toBe('Пересказать страницу');
    setActiveLanguage('zh_CN');
    expect(t('summarizeRequestNamed', '潮汐钟')).toBe('总结这个页面：潮汐钟');
  });

  it('pick the Russian plural form for one, few and many', () => {
    setActiveLanguage('ru');
    expect([1, 3, 5, 21, 1000].map((count) => tp('sessionsImported', count))).toEqual([
      'Импортирован 1 чат.',
      'Импортировано 3 чата.',
      'Импортировано 5 чатов.',
      'Импортирован 21 чат.',
      // Russian groups thousands with a no-break space.
      'Импортировано 1\u00a0000 чатов.',
    ]);
  });

  it('use English one and other, and Chinese with one form', () => {
    expect([1, 2].map((count) => tp('sessionsImported', count))).toEqual([
      'Imported 1 session.',
      'Imported 2 sessions.',
    ]);
    setActiveLanguage('zh_CN');
    expect(tp('sessionsImported', 1)).toBe('已导入 1 个对话。');
  });

  it('read the browser language’s own file when the choice is Browser default', () => {
    expect(applyLanguageChoice('browser', { getUILanguage: () => 'ru-RU' })).toBe('ru');
    expect(t('readyStatus', 'x')).toBe('Готово: x');
    expect(activeLocale()).toBe('ru');
  });

  it('use the chosen language, not the browser’s, when Settings names one', () => {
    expect(applyLanguageChoice('zh_CN', { getUILanguage: () => 'ru' })).toBe('zh_CN');
    expect(t('summarizePage')).toBe('总结此页面');
  });
});

describe('browserLanguage', () => {
  it('matches the locale, then its language, then falls back to English', () => {
    expect(['zh-CN', 'ru-RU', 'ru', 'en-GB', 'zh-TW', 'de'].map(browserLanguage)).toEqual([
      'zh_CN',
      'ru',
      'ru',
      'en',
      'en',
      'en',
    ]);
  });
});
