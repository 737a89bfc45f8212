import { browser } from 'wxt/browser';
import type { Language } from '../lib/i18n/catalogs';
import { applyLanguageChoice } from '../lib/i18n/language-choice';
import { activeLocale } from '../lib/i18n/translate';
import type { Settings } from '../lib/settings/schema';

/**
 * Applies the language of the stored settings (the browser's until they are read) to every
 * `t` call of this page and to `<html lang>`. It runs while rendering, before the children, so
 * that they render in the new language; a container keys its tree by the returned language so
 * that a change reaches every component, memoised or not.
 */
export function useUiLanguage(settings: Settings | undefined): Language {
  const language = applyLanguageChoice(settings?.language ?? 'browser', browser.i18n);
  // Set only when it changes: every setting of the root's attribute makes the page's style be
  // worked out again, and this runs on every render of the app.
  const locale = activeLocale();
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
  return language;
}
