import { activeLocale, t } from '../../lib/i18n/translate';

/** A number with one decimal place, in the active language (1.5 in English, 1,5 in Russian). */
function decimal(value: number): string {
  return new Intl.NumberFormat(activeLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
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
  return new Intl.NumberFormat(activeLocale()).format(count);
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
    ? date.toLocaleTimeString(activeLocale(), { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(activeLocale(), { month: 'short', day: 'numeric', year: 'numeric' });
}
