import { activeLocale, t } from '../../lib/i18n/translate';

/**
 * Intl formatters by language and options, made once: making one loads its locale's data and
 * costs far more than formatting with it (a session list formats a time on every row it draws).
 */
const formatters = new Map<string, unknown>();

function cached<T>(key: string, make: (locale: string) => T): T {
  const locale = activeLocale();
  const full = `${locale} ${key}`;
  let format = formatters.get(full) as T | undefined;
  if (format === undefined) {
    format = make(locale);
    formatters.set(full, format);
  }
  return format;
}

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(
    `number ${JSON.stringify(options)}`,
    (locale) => new Intl.NumberFormat(locale, options),
  );
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `date ${JSON.stringify(options)}`,
    (locale) => new Intl.DateTimeFormat(locale, options),
  );
}

/** A number with one decimal place, in the active language (1.5 in English, 1,5 in Russian). */
function decimal(value: number): string {
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('sizeBytes', formatCount(bytes));
  if (bytes < 1024 * 1024) return t('sizeKilobytes', decimal(bytes / 1024));
  return t('sizeMegabytes', decimal(bytes / 1024 / 1024));
}

export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return t('durationMilliseconds', formatCount(Math.round(milliseconds)));
  return t('durationSeconds', decimal(milliseconds / 1000));
}

export function formatCount(count: number): string {
  return numberFormat().format(count);
}

/** One line of a tool's JSON arguments; long ones are cut with an ellipsis. */
export function shortArguments(raw: string, limit = 300): string {
  let text = raw;
  try {
    text = JSON.stringify(JSON.parse(raw));
  } catch {
    // Malformed arguments are shown as the model wrote them.
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** A session's last activity: the time today, the date otherwise, in the active language. */
export function formatWhen(timestamp: number, now = Date.now()): string {
  const date = new Date(timestamp);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay
    ? dateFormat({ hour: '2-digit', minute: '2-digit' }).format(date)
    : dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}
