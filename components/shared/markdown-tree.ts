import type { Root } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { type CitationTargets, remarkCitations } from './remark-citations';
import { safeHref } from './safe-url';

/** The answer's sources travel with the file, so one processor serves text with and without. */
interface CitedData {
  citations?: CitationTargets;
}

function remarkCitationsOfFile() {
  return (tree: unknown, file: VFile) => {
    const { citations } = file.data as CitedData;
    if (citations) remarkCitations(citations)(tree);
  };
}

/**
 * One processor, built and frozen once: rendering a block used to build a new one (and run its
 * plugins' setup) for every delta of a streaming answer. Raw HTML is carried into the tree only
 * to be dropped below, never rendered.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkCitationsOfFile)
  .use(remarkRehype, { allowDangerousHtml: true })
  .freeze();

/**
 * Markdown as an HTML tree that is safe to turn into elements: raw HTML removed, and every URL
 * attribute kept only if safeHref allows it (an unsafe one is removed, so nothing unsafe reaches
 * the DOM even if a component forgets to check).
 */
export function markdownTree(text: string, citations?: CitationTargets): Root {
  const file = new VFile(text);
  if (citations) (file.data as CitedData).citations = citations;
  const tree = processor.runSync(processor.parse(file), file);
  visit(tree, (node, index, parent) => {
    if (node.type === 'raw' && parent && typeof index === 'number') {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type !== 'element') return;
    for (const [key, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, key)) continue;
      if (tags === null || tags.includes(node.tagName)) {
        node.properties[key] = safeHref(String(node.properties[key] || ''));
      }
    }
  });
  return tree;
}
