/** About how long a piece is: the growing last piece is what a streaming delta parses again. */
export const PIECE_LENGTH = 200;

/**
 * Characters that may open an inline span running past a space: emphasis and strikethrough
 * (`*`, `_`, `~`), code (`` ` ``), autolinks and inline HTML (`<`), and escapes (`\`). No cut is
 * made after any of them.
 */
const MAY_OPEN_SPAN = /[`*_~<\\]/;

/**
 * A paragraph's first line: it starts with a letter (no block starts so), or with a bracket
 * that is not a definition's label (`[id]: …`, `[^1]: …`).
 */
const PARAGRAPH_START = /^(\p{L}|\[[^\]\n]*\](?!:))/u;

const LETTER = /^\p{L}/u;

/**
 * Cuts a one-line paragraph into pieces that, parsed one by one and joined with the space each
 * cut takes out, give what the whole paragraph does: a long paragraph still streaming then parses
 * only its last piece per delta, the finished ones being kept. A cut takes a single space between
 * a character that is not a space and a letter, about every PIECE_LENGTH characters, and only
 * where nothing before it is still open: no character that may open a span (MAY_OPEN_SPAN), no
 * link (`](`), and every `[` closed by a `]`. A one-line paragraph has no definitions, so a
 * closed bracket that is not a link is text, and whatever the text after the cut holds starts
 * and ends after it. References, autolink literals and the rest of inline Markdown hold no space,
 * so none is cut. Text of several lines, or not starting as a paragraph, is one piece. The pieces
 * joined with ' ' are the text, and a cut, once made, stays where it is as the text grows.
 */
export function paragraphPieces(text: string): string[] {
  // A block followed by another keeps its line break (markdown-blocks.ts), which ends it as
  // the end of the text would.
  const lineBreak = text.indexOf('\n');
  if ((lineBreak !== -1 && lineBreak < text.length - 1) || !PARAGRAPH_START.test(text)) {
    return [text];
  }
  const pieces: string[] = [];
  let start = 0;
  let open = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (MAY_OPEN_SPAN.test(character)) break;
    if (character === '[') open++;
    if (character === ']' && open > 0) {
      if (text[index + 1] === '(') break;
      open--;
    }
    const cuts =
      character === ' ' &&
      open === 0 &&
      index - start >= PIECE_LENGTH &&
      /\S/.test(text[index - 1] ?? '') &&
      LETTER.test(text.slice(index + 1, index + 3));
    if (cuts) {
      pieces.push(text.slice(start, index));
      start = index + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}
