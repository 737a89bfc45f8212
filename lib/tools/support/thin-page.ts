/** Below this many characters of text a page is read as (almost) empty. */
const THIN_PAGE_CHARS = 80;

/** What the model is told, in Gleaner's words outside the envelope. */
const THIN_PAGE_NOTE =
  'This page has almost no text Gleaner can read: it may still be loading, or be an app. ' +
  'Say so instead of answering from it.';

/** What the user sees beside the page under Sources. */
const THIN_PAGE_SOURCE_NOTE = 'almost no readable text: it may still be loading, or be an app';

const APP_SHELL_NOTE =
  'Without running its scripts, this page shows only its site header, menus and footer, and ' +
  'Gleaner does not run the scripts of a page it fetches: its content could not be read. Say so ' +
  'instead of answering from it; if the user has the page open in a tab, reading that tab gets ' +
  'what its scripts show.';

const APP_SHELL_SOURCE_NOTE =
  'shows only its menus until its scripts run: open it in a tab to read it';

/**
 * The notes for a page with (almost) nothing to read, for the model and beside the source; null
 * when the page has text. `appShell`: the fetched page is an app's shell, whose content only its
 * scripts draw (lib/extract/app-shell.ts).
 */
export function thinPageNotes(
  text: string,
  appShell = false,
): { note: string; sourceNote: string } | null {
  if (appShell) return { note: APP_SHELL_NOTE, sourceNote: APP_SHELL_SOURCE_NOTE };
  if (text.replace(/\s+/g, ' ').trim().length >= THIN_PAGE_CHARS) return null;
  return { note: THIN_PAGE_NOTE, sourceNote: THIN_PAGE_SOURCE_NOTE };
}
