import { local, sourceNoteOf } from '../../i18n/local-text';

/** Below this many characters of text a page is read as (almost) empty. */
const THIN_PAGE_CHARS = 80;

/** What the model is told, in Gleaner's words outside the envelope. */
const THIN_PAGE_NOTE =
  'This page has almost no text Gleaner can read: it may still be loading, or be an app. ' +
  'Say so instead of answering from it.';

const APP_SHELL_NOTE =
  'Without running its scripts, this page shows only its site header, menus and footer, and ' +
  'Gleaner does not run the scripts of a page it fetches: its content could not be read. Say so ' +
  'instead of answering from it; if the user has the page open in a tab, reading that tab gets ' +
  'what its scripts show.';

/**
 * The notes for a page with (almost) nothing to read: for the model, and beside the source (what
 * the user sees under Sources, in the chosen language); null when the page has text.
 * `appShell`: the fetched page is an app's shell, whose content only its scripts draw
 * (lib/extract/app-shell.ts).
 */
export function thinPageNotes(
  text: string,
  appShell = false,
): { note: string; source: ReturnType<typeof sourceNoteOf> } | null {
  if (appShell) return { note: APP_SHELL_NOTE, source: sourceNoteOf(local('sourceNoteAppShell')) };
  if (text.replace(/\s+/g, ' ').trim().length >= THIN_PAGE_CHARS) return null;
  return { note: THIN_PAGE_NOTE, source: sourceNoteOf(local('sourceNoteThin')) };
}
