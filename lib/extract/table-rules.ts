import type TurndownService from 'turndown';

// Turndown converts children before their parent, so cells and rows leave markers in the text
// that the table rule then reads back. Control characters cannot survive in page text (they are
// stripped from the final markdown), so they make safe markers.
const ROW = '\u0002';
const CELL = '\u0001';
const CELL_PATTERN = /^([hd])(\d+):([\s\S]*)$/;

interface Cell {
  header: boolean;
  span: number;
  content: string;
}

interface Row {
  inHead: boolean;
  cells: Cell[];
}

/**
 * GFM tables for every data table, including the header-less ones that turndown-plugin-gfm leaves
 * as raw HTML (the first row becomes the header). Tables used for layout (one column, nested
 * tables, role="presentation") are unwrapped into their cells' content instead.
 */
export function addTableRules(service: TurndownService): void {
  service.addRule('table-cell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const span = Math.min(
        Math.max(Number.parseInt(node.getAttribute('colspan') ?? '1', 10) || 1, 1),
        50,
      );
      return `${CELL}${node.nodeName === 'TH' ? 'h' : 'd'}${span}:${content}`;
    },
  });

  service.addRule('table-row', {
    filter: 'tr',
    replacement: (content, node) =>
      `${ROW}${node.parentNode?.nodeName === 'THEAD' ? 'h' : 'b'}${content}`,
  });

  service.addRule('table', {
    filter: 'table',
    replacement: (content, node) => tableMarkdown(content, node as Element),
  });
}

function parseRows(content: string): { before: string; rows: Row[] } {
  const [before = '', ...rowTexts] = content.split(ROW);
  const rows: Row[] = [];
  for (const rowText of rowTexts) {
    const [, ...cellTexts] = rowText.slice(1).split(CELL);
    const cells: Cell[] = [];
    for (const cellText of cellTexts) {
      const match = CELL_PATTERN.exec(cellText);
      if (!match) continue;
      cells.push({ header: match[1] === 'h', span: Number(match[2]), content: match[3] ?? '' });
    }
    if (cells.length > 0) rows.push({ inHead: rowText.charAt(0) === 'h', cells });
  }
  return { before: before.trim(), rows };
}

function tableMarkdown(content: string, table: Element): string {
  const { before, rows } = parseRows(content);
  const columns = Math.max(
    0,
    ...rows.map((row) => row.cells.reduce((sum, cell) => sum + cell.span, 0)),
  );
  const role = table.getAttribute('role');
  const layout =
    columns <= 1 ||
    role === 'presentation' ||
    role === 'none' ||
    table.querySelector('table') !== null;
  if (layout) {
    const blocks = rows.flatMap((row) => row.cells.map((cell) => cell.content.trim()));
    return `\n\n${[before, ...blocks].filter(Boolean).join('\n\n')}\n\n`;
  }
  const lines = rows.map((row) => {
    const cells: string[] = [];
    for (const cell of row.cells) {
      cells.push(cellText(cell.content));
      for (let extra = 1; extra < cell.span; extra++) cells.push('');
    }
    while (cells.length < columns) cells.push('');
    return `| ${cells.join(' | ')} |`;
  });
  const separator = `| ${Array.from({ length: columns }, () => '---').join(' | ')} |`;
  lines.splice(1, 0, separator);
  return `\n\n${before ? `${before}\n\n` : ''}${lines.join('\n')}\n\n`;
}

/** One line per cell: GFM cells cannot hold line breaks, and a bare "|" would end the cell. */
function cellText(content: string): string {
  return content
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}
