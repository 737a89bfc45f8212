import { LANGUAGES, type Language } from './catalogs';
import { setActiveLanguage } from './translate';

/** Settings → Language: the browser's language, or one of Gleaner's. */
export const LANGUAGE_CHOICES = ['browser', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** The part of `browser.i18n` the language choice reads. */
export interface I18nApi {
  getUILanguage(): string;
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
 * Makes `choice` the language of `t` in this page or worker. Every language reads its bundled
 * file, Browser default included: the browser would answer from the same `_locales` file, but
 * each `browser.i18n.getMessage` call crosses the extension bindings, and a panel draw makes
 * dozens (4 ms of the panel's time per answer in the agent-step profile).
 */
export function applyLanguageChoice(choice: LanguageChoice, i18n: I18nApi): Language {
  const language = choice === 'browser' ? browserLanguage(i18n.getUILanguage()) : choice;
  setActiveLanguage(language);
  return language;
}
