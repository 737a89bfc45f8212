import type { Language } from './catalogs';

/** Each language by its own name, as a language menu lists them in every language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh_CN: '简体中文',
  ru: 'Русский',
};
