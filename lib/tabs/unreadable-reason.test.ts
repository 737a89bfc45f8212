import { describe, expect, it } from 'vitest';
import { inEnglish, storedSentence } from '../i18n/local-text';
import { setActiveLanguage } from '../i18n/translate';
import { unreadableReason, unreadableReasonText } from './unreadable-reason';

describe('unreadable tabs', () => {
  it.each([
    ['chrome://settings/', /browser page/],
    ['chrome-extension://abc/sidepanel.html', /browser page/],
    ['about:blank', /browser page/],
    ['edge://newtab/', /browser page/],
    ['view-source:https://example.com/', /browser page/],
    ['https://chromewebstore.google.com/detail/x/abc', /extension store/],
    ['https://chrome.google.com/webstore/detail/abc', /extension store/],
    ['https://addons.mozilla.org/en-US/firefox/', /extension store/],
    ['', /no address yet/],
    ['ftp://files.example.com/', /ftp: addresses/],
  ])('refuses %s with a sentence', (url, reason) => {
    expect(unreadableReason(url, 'Some tab')).toMatch(reason);
  });

  it.each([
    'https://example.com/article',
    'http://localhost:8080/',
    'file:///home/me/notes.html',
    'https://chrome.google.com/other',
  ])('lets %s be read', (url) => {
    expect(unreadableReason(url)).toBeNull();
  });

  it('says why in the chosen language when shown, keeping the English for the model', () => {
    const text = unreadableReasonText('chrome://settings/', 'Settings');
    expect(inEnglish(text!)).toBe(unreadableReason('chrome://settings/', 'Settings'));
    setActiveLanguage('ru');
    expect(storedSentence('', text ?? undefined)).toBe(
      'Вкладка «Settings» — служебная страница браузера (chrome://…): браузеры не дают ' +
        'расширениям читать свои страницы и другие расширения.',
    );
    setActiveLanguage('en');
  });
});
