/** An opening code fence: three or more backticks or tildes, indented by at most three spaces. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A closing fence has no info string after its backticks or tildes. */
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/**
 * A list item's marker. After a blank line, an item of the same list continues it (and makes
 * the list loose: its items get paragraphs), so no split is made before one.
 */
const LIST_ITEM = /^ {0,3}([-+*]|\d{1,9}[.)])([ \t]|$)/;
/**
 * Text that makes a block's rendering depend on another block: a link reference or footnote
 * definition (`[id]: …`, `[^1]: …`) is used wherever its label occurs, and an HTML block of these
 * kinds runs across blank lines until its end tag. Text with any of these is not split.
 */
const SPANS_BLOCKS =
  /^ {0,3}(\[[^\]\n]+\]:|<(script|pre|style|textarea)(\s|>|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)/im;

/**
 * Splits Markdown into top-level blocks at blank lines, such that rendering the blocks one by
 * one gives exactly what rendering the whole text does: an answer still streaming re-renders
 * only its last block, and a long answer's finished blocks are parsed once. No split is made
 * inside a fenced code block, before an indented line (a list item's next paragraph, indented
 * code), before a list item (it may continue the list before it), nor anywhere in text that has
 * a definition or a multi-line HTML block (see SPANS_BLOCKS). Each block but the last keeps the
 * line break before the blank line, so the blocks joined with '\n' are the text.
 */
export function markdownBlocks(text: string): string[] {
  if (SPANS_BLOCKS.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let blank = false;
  for (const line of lines) {
    const startsBlock =
      fence === undefined &&
      blank &&
      current.length > 0 &&
      line.trim() !== '' &&
      !/^\s/.test(line) &&
      !LIST_ITEM.test(line);
    if (startsBlock) {
      blocks.push(current.join('\n'));
      current = [];
    }
    current.push(line);
    if (fence === undefined) {
      fence = FENCE.exec(line)?.[1];
      // A backtick fence's info string cannot hold a backtick: such a line is no fence.
      if (fence?.startsWith('`') && line.slice(line.indexOf(fence) + fence.length).includes('`')) {
        fence = undefined;
      }
    } else {
      const closes = CLOSING_FENCE.exec(line)?.[1];
      if (closes && closes[0] === fence[0] && closes.length >= fence.length) fence = undefined;
    }
    blank = fence === undefined && line.trim() === '';
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}
