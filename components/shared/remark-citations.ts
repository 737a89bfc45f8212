import { t } from '../../lib/i18n/translate';
import { findMarkers } from '../../lib/text/citation-markers';

/** What a marker `[n]` in an answer links to, built by the extension (never the model's URL). */
export interface CitationTargets {
  /** The answer's numbered sources. */
  sources: ReadonlyArray<{ number?: number; title: string; url: string }>;
  /** Quotes found in their source, with the passage link (`#:~:text=`). */
  citations?: ReadonlyArray<{ number: number; quote: string; href: string }>;
}

/** The few Markdown tree shapes this plugin reads and writes. */
interface TreeNode {
  type: string;
  value?: string;
  children?: TreeNode[];
  url?: string;
  data?: { hProperties?: Record<string, unknown> };
}

/** Inside these a `[n]` stays as written: code is code, and a link cannot hold another link. */
const LEAVE_ALONE = new Set(['code', 'inlineCode', 'link', 'linkReference', 'definition']);

function citationLink(number: number, href: string, title: string): TreeNode {
  return {
    type: 'link',
    url: href,
    children: [{ type: 'text', value: String(number) }],
    data: {
      hProperties: { className: ['citation'], ariaLabel: t('citationLabel', number, title) },
    },
  };
}

function split(text: string, targets: CitationTargets): TreeNode[] | undefined {
  const markers = findMarkers(text);
  if (markers.length === 0) return undefined;
  const nodes: TreeNode[] = [];
  let last = 0;
  for (const marker of markers) {
    const source = targets.sources.find((candidate) => candidate.number === marker.number);
    // A number Gleaner never gave is left as text: it points at nothing that was read.
    if (!source) continue;
    const passage = targets.citations?.find(
      (citation) => citation.number === marker.number && citation.quote === marker.quote,
    );
    // The space before a marker does not break: the number stays on the line of its claim.
    const before = text.slice(last, marker.index).replace(/ $/, '\u00a0');
    if (before) nodes.push({ type: 'text', value: before });
    nodes.push(
      citationLink(marker.number, passage?.href ?? source.url, source.title || source.url),
    );
    last = marker.index + marker.length;
  }
  if (nodes.length === 0) return undefined;
  if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
  return nodes;
}

function walk(node: TreeNode, targets: CitationTargets): void {
  if (!node.children || LEAVE_ALONE.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value) return split(child.value, targets) ?? [child];
    walk(child, targets);
    return [child];
  });
}

/**
 * A remark plugin that turns the answer's markers `[n]` into small links to the numbered
 * sources, or to the quoted passage when the extension found the quote in that source.
 */
export function remarkCitations(targets: CitationTargets) {
  return (tree: unknown) => walk(tree as TreeNode, targets);
}
