import { CATALOGS, type Language, LOCALE_TAGS, type MessageKey, type PluralKey } from './catalogs';
import { formatMessage } from './format-message';

// English until an entrypoint says which language to use: unit tests and the first moments of
// a page read English.
let active: { language: Language } = { language: 'en' };

/**
 * Sets the language every later `t` call uses: messages come from the bundled file of
 * `language`, filled by the rules of `browser.i18n.getMessage`.
 */
export function setActiveLanguage(language: Language): void {
  active = { language };
}

/** The BCP 47 tag of the active language, for Intl and `<html lang>`. */
export function activeLocale(): string {
  return LOCALE_TAGS[active.language];
}

/** The number format of the active language, made once per language: making one is slow. */
let numbers: { locale: string; format: Intl.NumberFormat } | undefined;

/** The plural rules of the active language, made once per language like the number format. */
let plurals: { locale: string; rules: Intl.PluralRules } | undefined;

function substitute(values: ReadonlyArray<string | number>): string[] {
  return values.map((value) => {
    if (typeof value !== 'number') return value;
    const locale = activeLocale();
    if (numbers?.locale !== locale) numbers = { locale, format: new Intl.NumberFormat(locale) };
    return numbers.format.format(value);
  });
}

/** Messages without substitutions, filled once: a panel draws the same labels on every render. */
const filled = new WeakMap<object, string>();

function lookup(key: string, values: ReadonlyArray<string | number>): string {
  const entry = CATALOGS[active.language][key] ?? CATALOGS.en[key];
  if (!entry) throw new Error(`There is no message "${key}" in public/_locales/en/messages.json.`);
  if (values.length > 0) return formatMessage(entry, substitute(values));
  let text = filled.get(entry);
  if (text === undefined) {
    text = formatMessage(entry, []);
    filled.set(entry, text);
  }
  return text;
}

/** The message `key` in the active language; numbers among the substitutions are formatted. */
export function t(key: MessageKey, ...substitutions: Array<string | number>): string {
  return lookup(key, substitutions);
}

/**
 * The plural form of `stem` for `count` in the active language (`stem__one`, `stem__few`,
 * `stem__many`, `stem__other`), with the formatted count as `$1` and `more` after it.
 */
export function tp(stem: PluralKey, count: number, ...more: Array<string | number>): string {
  const locale = activeLocale();
  if (plurals?.locale !== locale) plurals = { locale, rules: new Intl.PluralRules(locale) };
  const category = plurals.rules.select(count);
  const catalog = CATALOGS[active.language];
  const key = `${stem}__${category}` in catalog ? `${stem}__${category}` : `${stem}__other`;
  return lookup(key, [count, ...more]);
}
