/**
 * The citation contract with the model (docs/decisions/0012): a source is cited by its number
 * in square brackets, `[3]`, and a quoted passage is the words in quotation marks right before
 * the marker: `"the tide turns at noon" [3]`. Several sources are cited as `[1][3]`.
 */
export interface CitationMarker {
  number: number;
  /** The words the model put in quotation marks right before this marker, if any. */
  quote?: string;
  /** Where the marker (not the quote) starts and how long it is, in the text given. */
  index: number;
  length: number;
}

const OPEN_QUOTES = '"“„«「『';
const CLOSE_QUOTES = '"”»」』';
/**
 * A marker is one to three digits in brackets, not followed by `(` or `:` (a Markdown link or a
 * link definition). The optional group before it is a quoted passage on the same line.
 */
const MARKER = new RegExp(
  `(?:[${OPEN_QUOTES}]([^${OPEN_QUOTES}${CLOSE_QUOTES}\\n]{2,400})[${CLOSE_QUOTES}]\\s*)?\\[(\\d{1,3})\\](?![(:])`,
  'g',
);

/** Markers found in one run of plain text (a text node of the rendered answer). */
export function findMarkers(text: string): CitationMarker[] {
  const markers: CitationMarker[] = [];
  for (const match of text.matchAll(MARKER)) {
    const number = Number(match[2]);
    if (number < 1) continue;
    const markerText = `[${match[2]}]`;
    const index = match.index + match[0].length - markerText.length;
    const quote = match[1]?.trim();
    markers.push({ number, index, length: markerText.length, ...(quote ? { quote } : {}) });
  }
  return markers;
}

/** Code spans and fenced blocks are not prose: a `[1]` inside them is code, not a citation. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** Markers in a whole Markdown answer, leaving out those inside code. */
export function findAnswerMarkers(markdown: string): CitationMarker[] {
  return findMarkers(markdown.replace(CODE, (code) => ' '.repeat(code.length)));
}

/**
 * Rewrites every marker's number through `map` (a Fetch Analysis answer cites its own numbers;
 * the answer it serves numbers the same pages differently). Markers `map` does not know are
 * left as they are.
 */
export function renumberMarkers(markdown: string, map: ReadonlyMap<number, number>): string {
  const markers = findAnswerMarkers(markdown);
  let result = '';
  let last = 0;
  for (const marker of markers) {
    const target = map.get(marker.number);
    if (target === undefined) continue;
    result += `${markdown.slice(last, marker.index)}[${target}]`;
    last = marker.index + marker.length;
  }
  return result + markdown.slice(last);
}
