import type { Root } from 'hast';
import { type Components, type Jsx, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Children, type ComponentProps, isValidElement, memo, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { t } from '../../lib/i18n/translate';
import { blockTree } from './block-tree';
import { CopyButton } from './copy-button';
import { markdownTree } from './markdown-tree';
import type { CitationTargets } from './remark-citations';
import { displayTarget, safeHref, textHidesTarget } from './safe-url';
import './markdown.css';

/** Plain text of rendered children, to compare a link's text with its real target. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const showTarget = textHidesTarget(textOf(children), href);
  return (
    <a href={href} title={href} target="_blank" rel="noopener noreferrer">
      {children}
      {showTarget && <span className="link-target"> ({displayTarget(href)})</span>}
    </a>
  );
}

function MarkdownLink({ href, children, className, ...rest }: ComponentProps<'a'>) {
  const safe = safeHref(href);
  if (!safe) return <span className="link-dropped">{children}</span>;
  if (className === 'citation') {
    // Made by remark-citations from the extension's own sources, not from the model's text.
    return (
      <a
        className="citation"
        href={safe}
        title={safe}
        aria-label={rest['aria-label']}
        target="_blank"
        rel="noopener noreferrer"
      >
        {children}
      </a>
    );
  }
  return <ExternalLink href={safe}>{children}</ExternalLink>;
}

/** Images from model output are never loaded: the user sees where it points and may open it. */
function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  const label = `[image: ${alt || 'no description'}]`;
  const safe = typeof src === 'string' ? safeHref(src) : undefined;
  if (!safe) return <span className="image-link">{label}</span>;
  return (
    <a
      className="image-link"
      href={safe}
      title={safe}
      target="_blank"
      rel="noopener noreferrer"
    >{`${label} (${safe})`}</a>
  );
}

function MarkdownTable(props: ComponentProps<'table'>) {
  const { node: _node, ...rest } = props as ComponentProps<'table'> & { node?: unknown };
  return (
    <div className="table-scroll">
      <table {...rest} />
    </div>
  );
}

/** The language a fenced block names (```ts), from the class remark gives its code element. */
function languageOf(children: ReactNode): string | undefined {
  const code = Children.toArray(children).find(isValidElement<{ className?: string }>);
  const match = /language-([\w+#.-]+)/.exec(code?.props.className ?? '');
  return match?.[1];
}

/** A code block with its language and a Copy button above it. */
function MarkdownCode(props: ComponentProps<'pre'>) {
  const { node: _node, children, ...rest } = props as ComponentProps<'pre'> & { node?: unknown };
  const language = languageOf(children);
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-language">{language ?? t('codeBlock')}</span>
        <CopyButton text={textOf(children).replace(/\n$/, '')} label={t('copyCode')} />
      </div>
      <pre {...rest}>{children}</pre>
    </div>
  );
}

const COMPONENTS: Partial<Components> = {
  a: MarkdownLink,
  img: MarkdownImage,
  table: MarkdownTable,
  pre: MarkdownCode,
};

/** The tree's elements, with links, images, tables and code drawn by the components above. */
function elementsOf(tree: Root): ReactNode {
  return toJsxRuntime(tree, {
    Fragment,
    components: COMPONENTS,
    ignoreInvalidStyle: true,
    jsx: jsx as Jsx,
    jsxs: jsxs as Jsx,
    passKeys: true,
    passNode: true,
  });
}

interface MarkdownProps {
  children: string;
  /** The finished answer's sources: its markers `[n]` become links to them. */
  citations?: CitationTargets;
}

// The citations object is made anew per render; what it points to is what counts.
const sameProps = (before: MarkdownProps, after: MarkdownProps) =>
  before.children === after.children &&
  before.citations?.sources === after.citations?.sources &&
  before.citations?.citations === after.citations?.citations;

/**
 * Model output as Markdown: GFM tables and code, no raw HTML (dropped from the tree, never
 * parsed into elements), no remote images, and links that show where they really go. The
 * elements come without a wrapper, so the blocks of one answer (markdown.tsx) sit side by side
 * in one container, as one piece would. Memoised on its props: parsing is the expensive part, and
 * a block whose text did not change need not be parsed again while the next one streams; a long
 * paragraph still streaming parses only its last piece (block-tree.ts).
 */
export const MarkdownBlock = memo(function MarkdownBlock({ children, citations }: MarkdownProps) {
  return elementsOf(citations ? markdownTree(children, citations) : blockTree(children));
}, sameProps);

/** The whole text parsed as one, in its container (what the blocks must add up to). */
export function MarkdownRenderer({ children, citations }: MarkdownProps) {
  return <div className="markdown">{elementsOf(markdownTree(children, citations))}</div>;
}
