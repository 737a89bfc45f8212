/** About how long a piece is: the growing last piece is what a streaming delta parses again. */
export const PIECE_LENGTH = 200;

/**
 * Characters that may open an inline span running past a space: emphasis and strikethrough
 * (`*`, `_`, `~`), code (`` ` ``), links and images (`[`, `]`), autolinks and inline HTML (`<`),
 * and escapes (`\`). A cut is made only where the text before it has none of them.
 */
const MAY_OPEN_SPAN = /[`*_~[\]<\\]/;

/** A line that starts with a letter is a paragraph's, whatever follows (no block starts so). */
const LETTER = /^\p{L}/u;

/**
 * Cuts a one-line paragraph into pieces that, parsed one by one and joined with the space each
 * cut takes out, give what the whole paragraph does: a long paragraph still streaming then parses
 * only its last piece per delta, the finished ones being kept. A cut takes a single space between
 * a character that is not a space and a letter, about every PIECE_LENGTH characters, and only
 * where nothing before it could open a span (MAY_OPEN_SPAN): whatever the text after the cut
 * holds then starts and ends after it. References, autolink literals and the rest of inline
 * Markdown hold no space, so none is cut. Text of several lines or that does not start with a
 * letter is one piece. The pieces joined with ' ' are the text, and a cut, once made, stays where
 * it is as the text grows.
 */
export function paragraphPieces(text: string): string[] {
  if (text.includes('\n') || !LETTER.test(text)) return [text];
  const opens = text.search(MAY_OPEN_SPAN);
  const end = opens === -1 ? text.length : opens;
  const pieces: string[] = [];
  let start = 0;
  let cut = text.indexOf(' ', PIECE_LENGTH);
  while (cut !== -1 && cut < end) {
    if (/\S/.test(text[cut - 1] ?? '') && LETTER.test(text.slice(cut + 1, cut + 3))) {
      pieces.push(text.slice(start, cut));
      start = cut + 1;
      cut = text.indexOf(' ', start + PIECE_LENGTH);
    } else {
      cut = text.indexOf(' ', cut + 1);
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}
