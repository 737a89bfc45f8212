import { LANGUAGES, type Language } from './catalogs';
import { type GetMessage, setActiveLanguage } from './translate';

/** Settings → Language: the browser's language, or one of Gleaner's. */
export const LANGUAGE_CHOICES = ['browser', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** The part of `browser.i18n` the language choice reads. */
export interface I18nApi {
  getUILanguage(): string;
  getMessage(key: string, substitutions?: string | string[]): string;
}

/**
 * The language the browser itself would pick from `_locales` for its UI language: the exact
 * locale (zh-CN → zh_CN), else its language alone (ru-RU → ru), else the default, English.
 */
export function browserLanguage(uiLanguage: string): Language {
  const tag = uiLanguage.replace('-', '_');
  const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.split('_')[0]?.toLowerCase();
  return LANGUAGES.find((language) => language === base) ?? 'en';
}

/**
 * Makes `choice` the language of `t` in this page or worker. Browser default reads messages
 * through `browser.i18n.getMessage`; a language chosen in Settings reads its bundled file,
 * since the browser's lookup cannot switch language.
 */
export function applyLanguageChoice(choice: LanguageChoice, i18n: I18nApi): Language {
  if (choice !== 'browser') {
    setActiveLanguage(choice);
    return choice;
  }
  const language = browserLanguage(i18n.getUILanguage());
  const getMessage: GetMessage = (key, substitutions) => i18n.getMessage(key, substitutions);
  setActiveLanguage(language, getMessage);
  return language;
}
