import type { PageKind } from '../../extract/page-kind';

/** How the model is told what kind of page it read, so it answers from the right parts. */
const KIND_LABELS: Record<PageKind, string> = {
  article: 'Article',
  forum: 'Forum thread: every post in order, with its author and time where the page gives them',
  product: 'Product page: name, price, availability, description and specifications',
  listing: 'Listing: each item with its title, link and short text',
  documentation: 'Documentation page',
  service: 'Service page',
};

/** What extraction found out about a page, as Gleaner's own words outside the envelope. */
export function pageNotes(page: {
  kind?: PageKind | undefined;
  fallback?: boolean | string | null | undefined;
  hiddenText?: boolean | undefined;
}): string[] {
  return [
    page.kind ? `Page kind: ${KIND_LABELS[page.kind]}.` : '',
    page.fallback === true || page.fallback === 'page-text'
      ? 'Gleaner found no main content on this page, so this is its whole text, menus included.'
      : '',
    page.hiddenText
      ? 'Part of this text is hidden on the page (behind a dialog, or not shown yet): do not present it as what the user sees.'
      : '',
  ].filter(Boolean);
}
