/** Below this many characters of text a page is read as (almost) empty. */
const THIN_PAGE_CHARS = 80;

/** What the model is told, in Gleaner's words outside the envelope. */
export const THIN_PAGE_NOTE =
  'This page has almost no text Gleaner can read: it may still be loading, or be an app. ' +
  'Say so instead of answering from it.';

/** What the user sees beside the page under Sources. */
export const THIN_PAGE_SOURCE_NOTE =
  'almost no readable text: it may still be loading, or be an app';

export function isThinPage(text: string): boolean {
  return text.replace(/\s+/g, ' ').trim().length < THIN_PAGE_CHARS;
}
