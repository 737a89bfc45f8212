/** One entry of a `messages.json` file, in the format Chrome and Firefox read. */
export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/**
 * Fills a message the way `browser.i18n.getMessage` does, so that the bundled file reads exactly
 * like the browser's own lookup: each `$name$` becomes
 * its placeholder's content (names are case-insensitive), then `$1`…`$9` become the
 * substitutions (a missing one becomes empty) and `$$` becomes a single `$`.
 */
export function formatMessage(entry: MessageEntry, substitutions: readonly string[]): string {
  const placeholders = new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, value]) => [
      name.toLowerCase(),
      value.content,
    ]),
  );
  const expanded = entry.message.replace(
    /\$([a-zA-Z0-9_@]+)\$/g,
    (whole, name: string) => placeholders.get(name.toLowerCase()) ?? whole,
  );
  return expanded.replace(/\$(\$|[1-9])/g, (_, what: string) =>
    what === '$' ? '$' : (substitutions[Number(what) - 1] ?? ''),
  );
}
