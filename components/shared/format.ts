const numbers = new Intl.NumberFormat('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${numbers.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

export function formatCount(count: number): string {
  return numbers.format(count);
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

/** A session's last activity: the time today, the date otherwise. */
export function formatWhen(timestamp: number, now = Date.now()): string {
  const date = new Date(timestamp);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}
