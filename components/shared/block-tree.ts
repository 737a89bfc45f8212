import type { ElementContent, Root } from 'hast';
import { markdownTree } from './markdown-tree';
import { paragraphPieces } from './paragraph-pieces';

/** Pieces kept: a few long paragraphs' worth, so the one streaming never parses its past again. */
export const KEPT_PIECES = 256;

/** The trees of finished pieces, by their text; the most recently used last. */
const kept = new Map<string, Root>();

/** A finished piece's tree, parsed once while it stays among the KEPT_PIECES last used. */
export function keptPieceTree(piece: string): Root {
  const known = kept.get(piece);
  if (known) {
    kept.delete(piece);
    kept.set(piece, known);
    return known;
  }
  const tree = markdownTree(piece);
  kept.set(piece, tree);
  if (kept.size > KEPT_PIECES) kept.delete(kept.keys().next().value as string);
  return tree;
}

/** The inline content of a piece, which parses to a single paragraph or is not a piece. */
function paragraphContent(tree: Root): ElementContent[] | undefined {
  const [only, ...rest] = tree.children;
  if (rest.length > 0 || only?.type !== 'element' || only.tagName !== 'p') return undefined;
  return only.children;
}

/**
 * A block's tree as markdownTree gives it for the whole block, built from the block's paragraph
 * pieces (paragraph-pieces.ts) when it has several: the finished pieces come from the kept trees
 * and only the last one is parsed. Adjacent text is joined into one node, as the parser does.
 * The kept trees are shared, so they are read here and never changed.
 */
export function blockTree(block: string): Root {
  const pieces = paragraphPieces(block);
  if (pieces.length === 1) return markdownTree(block);
  const children: ElementContent[] = [];
  const add = (node: ElementContent) => {
    const tail = children.at(-1);
    if (node.type === 'text' && tail?.type === 'text') {
      children[children.length - 1] = { type: 'text', value: tail.value + node.value };
    } else {
      children.push(node);
    }
  };
  for (const [index, piece] of pieces.entries()) {
    const last = index === pieces.length - 1;
    const content = paragraphContent(last ? markdownTree(piece) : keptPieceTree(piece));
    if (!content) return markdownTree(block);
    if (index > 0) add({ type: 'text', value: ' ' });
    for (const node of content) add(node);
  }
  return {
    type: 'root',
    children: [{ type: 'element', tagName: 'p', properties: {}, children }],
  };
}
