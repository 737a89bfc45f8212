import { z } from 'zod';
import { CATALOGS, type MessageKey, type PluralKey } from './catalogs';
import { formatMessage } from './format-message';
import { t, tp } from './translate';

/**
 * A sentence the extension stores for the user (a step's summary, a refusal, an error) as a
 * message key and its values, kept beside the English text made from it. The English text is
 * what the model and exports read and what older versions show; the panel shows the key in the
 * language chosen at the time it is read. A value may itself be a stored sentence (a reason
 * inside "web_fetch failed: …"). With `count`, `key` is a plural stem and `count` picks its form.
 */
export type LocalText = Sentence<Sentence<Sentence<never>>>;
type LocalValue = LocalText | string | number;

/**
 * Nested three deep at most (a reason inside a reason inside a summary): a type that names
 * itself would send Dexie's key-path types of the records round in circles.
 */
interface Sentence<Inner> {
  key: string;
  values?: Array<string | number | Inner>;
  count?: number;
}

const anyDepthSchema: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    key: z.string(),
    values: z.array(z.union([z.string(), z.number(), anyDepthSchema])).optional(),
    count: z.number().optional(),
  }),
);
/** A stored sentence read back from disk (any depth is read; the type stops at three). */
export const localTextSchema = anyDepthSchema as z.ZodType<LocalText>;

/** The values of a sentence, at whatever depth it sits. */
const valuesOf = (text: LocalText): LocalValue[] => (text.values ?? []) as LocalValue[];

/** A stored sentence of the message `key`. */
export function local(key: MessageKey, ...values: LocalValue[]): LocalText {
  return (values.length ? { key, values } : { key }) as LocalText;
}

/** A stored sentence of the plural message `stem` for `count` (`$1` is the count). */
export function localCount(stem: PluralKey, count: number, ...values: LocalValue[]): LocalText {
  return (values.length ? { key: stem, count, values } : { key: stem, count }) as LocalText;
}

/** Facts said one after the other ("200, 1,234 bytes, from the cache"); empty ones are left out. */
export function localList(...parts: Array<LocalValue | false | undefined>): LocalText {
  const [first, ...rest] = parts.filter(
    (part): part is LocalValue => part !== false && part !== undefined && part !== '',
  );
  if (first === undefined) return local('summaryDone');
  if (rest.length === 0) return typeof first === 'object' ? first : local('listOne', first);
  return local('listJoin', first, localList(...rest));
}

/** A result's summary: the English for the record and the model, its key for the panel. */
export function summaryOf(text: LocalText): { summary: string; summaryI18n: LocalText } {
  return { summary: inEnglish(text), summaryI18n: text };
}

/** A note beside a source: the English for the record and exports, its key for the panel. */
export function sourceNoteOf(text: LocalText): { note: string; noteI18n: LocalText } {
  return { note: inEnglish(text), noteI18n: text };
}

/** Whether this version of Gleaner has the message (a record may come from a newer one). */
function known(text: LocalText): boolean {
  const english = CATALOGS.en;
  const here = text.count === undefined ? text.key in english : `${text.key}__other` in english;
  return here && valuesOf(text).every((value) => typeof value !== 'object' || known(value));
}

/** The sentence in English, whatever the chosen language: what is stored and sent to the model. */
export function inEnglish(text: LocalText): string {
  const numbers = new Intl.NumberFormat('en');
  const values = valuesOf(text).map((value) =>
    typeof value === 'object'
      ? inEnglish(value)
      : typeof value === 'number'
        ? numbers.format(value)
        : value,
  );
  const catalog = CATALOGS.en;
  let key = text.key;
  if (text.count !== undefined) {
    const form = `${text.key}__${new Intl.PluralRules('en').select(text.count)}`;
    key = form in catalog ? form : `${text.key}__other`;
    values.unshift(numbers.format(text.count));
  }
  const entry = catalog[key];
  if (!entry) throw new Error(`There is no message "${key}" in public/_locales/en/messages.json.`);
  return formatMessage(entry, values);
}

function inActiveLanguage(text: LocalText): string {
  const values = valuesOf(text).map((value) =>
    typeof value === 'object' ? inActiveLanguage(value) : value,
  );
  return text.count === undefined
    ? t(text.key as MessageKey, ...values)
    : tp(text.key as PluralKey, text.count, ...values);
}

/**
 * A stored sentence as the user reads it: in the chosen language when it was stored with its
 * key, else (an older record, or a key this version does not have) the English as stored.
 */
export function storedSentence(english: string, text: LocalText | undefined): string {
  return text && known(text) ? inActiveLanguage(text) : english;
}

/**
 * An error whose message is a stored sentence: thrown in lib code, its English `message` goes
 * to the model and its `text` to the record the panel shows. Given a plain string (words from
 * elsewhere), it has no `text` and is shown as written.
 */
export class LocalisedError extends Error {
  readonly text: LocalText | undefined;

  constructor(text: LocalText | string) {
    super(typeof text === 'string' ? text : inEnglish(text));
    this.name = 'LocalisedError';
    this.text = typeof text === 'string' ? undefined : text;
  }
}

/** The stored sentence an error carries, when it was raised with one. */
export function textOfError(error: unknown): LocalText | undefined {
  return error instanceof LocalisedError ? error.text : undefined;
}
