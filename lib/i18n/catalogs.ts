import en from '../../public/_locales/en/messages.json';
import ru from '../../public/_locales/ru/messages.json';
import zhCN from '../../public/_locales/zh_CN/messages.json';
import type { MessageEntry } from './format-message';

/** The languages Gleaner ships, named as their `_locales` folders are. */
export const LANGUAGES = ['en', 'zh_CN', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every key of the English file; the check in scripts/check-i18n.mjs keeps the others equal. */
export type MessageKey = keyof typeof en;

/**
 * The stem of a message with plural forms: `x__one`, `x__other` (and `x__few`, `x__many` in
 * Russian) are one message, picked by Intl.PluralRules.
 */
export type PluralKey = MessageKey extends infer Key
  ? Key extends `${infer Stem}__other`
    ? Stem
    : never
  : never;

export const CATALOGS: Record<Language, Record<string, MessageEntry>> = { en, zh_CN: zhCN, ru };

/** The BCP 47 tag Intl wants for each language. */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', zh_CN: 'zh-CN', ru: 'ru' };
