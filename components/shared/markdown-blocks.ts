const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits Markdown into top-level blocks at blank lines, so an answer that is still streaming
 * re-renders only its last block: the earlier ones no longer change. A blank line inside a
 * fenced code block does not split, and neither does one before an indented line (a list
 * item's next paragraph, or indented code, belongs with what comes before it).
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let blank = false;
  for (const line of lines) {
    const opens = FENCE.exec(line)?.[1];
    if (fence === undefined && blank && line.trim() !== '' && !/^\s/.test(line) && current.length) {
      blocks.push(current.join('\n'));
      current = [];
    }
    current.push(line);
    if (opens && (fence === undefined || (opens[0] === fence[0] && opens.length >= fence.length))) {
      fence = fence === undefined ? opens : undefined;
    }
    blank = fence === undefined && line.trim() === '';
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}
