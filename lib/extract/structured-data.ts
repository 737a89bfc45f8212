/**
 * What a page says about itself in schema.org JSON-LD (`<script type="application/ld+json">`):
 * the types it declares (Product, DiscussionForumPosting, ItemList, …) and the metadata of its
 * main entity. It has to be read before scripts are removed from the document.
 */
export interface StructuredData {
  /** Every `@type` declared anywhere in the page's JSON-LD, as written (e.g. "NewsArticle"). */
  types: Set<string>;
  title: string | null;
  byline: string | null;
  publishedTime: string | null;
  siteName: string | null;
  /** How many Product nodes the page declares: a category page has one per item. */
  productCount: number;
  /** The longest `description` of a Product or ProductGroup node, as written. */
  productDescription: string | null;
}

/** Nodes with these types describe the page as a whole or its site, not its main entity. */
const NOT_MAIN_ENTITY = new Set([
  'WebSite',
  'Organization',
  'BreadcrumbList',
  'SiteNavigationElement',
  'WPHeader',
  'WPFooter',
  'WPSideBar',
  'ImageObject',
  'SearchAction',
  'Person',
  'Corporation',
  'LocalBusiness',
  'ListItem',
]);

/** Reads every JSON-LD block of the document; a block that is not valid JSON is skipped. */
export function readStructuredData(document: Document): StructuredData {
  const result: StructuredData = {
    types: new Set(),
    title: null,
    byline: null,
    publishedTime: null,
    siteName: null,
    productCount: 0,
    productDescription: null,
  };
  const nodes: Record<string, unknown>[] = [];
  for (const script of Array.from(document.querySelectorAll('script[type]'))) {
    if (!/^application\/ld\+json$/i.test(script.getAttribute('type')?.trim() ?? '')) continue;
    let value: unknown;
    try {
      value = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    collectNodes(value, nodes, 0);
  }
  let main: Record<string, unknown> | null = null;
  for (const node of nodes) {
    const types = typesOf(node);
    for (const type of types) result.types.add(type);
    if (types.includes('Product')) result.productCount++;
    if (types.includes('Product') || types.includes('ProductGroup')) {
      const description = stringOf(node.description);
      if (description && description.length > (result.productDescription?.length ?? 0))
        result.productDescription = description;
    }
    if (types.some((type) => type === 'WebSite' || type === 'Organization')) {
      result.siteName ??= stringOf(node.name);
    }
    if (!main && types.length > 0 && !types.every((type) => NOT_MAIN_ENTITY.has(type))) {
      if (types.includes('WebPage') && nodes.some((other) => other !== node && isEntity(other)))
        continue;
      main = node;
    }
  }
  if (main) {
    result.title = stringOf(main.headline) ?? stringOf(main.name);
    result.byline = authorOf(main.author);
    result.publishedTime = stringOf(main.datePublished) ?? stringOf(main.dateCreated);
    const publisher = main.publisher;
    if (publisher && typeof publisher === 'object')
      result.siteName ??= stringOf((publisher as Record<string, unknown>).name);
  }
  return result;
}

function isEntity(node: Record<string, unknown>): boolean {
  const types = typesOf(node);
  return (
    types.length > 0 && !types.every((type) => NOT_MAIN_ENTITY.has(type) || type === 'WebPage')
  );
}

/** Flattens arrays, `@graph` lists and nested `mainEntity` objects into a list of nodes. */
function collectNodes(value: unknown, nodes: Record<string, unknown>[], depth: number): void {
  if (depth > 4 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, nodes, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  if ('@type' in node) nodes.push(node);
  if (node['@graph']) collectNodes(node['@graph'], nodes, depth + 1);
  if (node.mainEntity) collectNodes(node.mainEntity, nodes, depth + 1);
  if (node.itemListElement) collectNodes(node.itemListElement, nodes, depth + 1);
}

function typesOf(node: Record<string, unknown>): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.replace(/^https?:\/\/schema\.org\//, ''));
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return stringOf(value[0]);
  return null;
}

function authorOf(value: unknown): string | null {
  const list = Array.isArray(value) ? value : [value];
  const names = list
    .map((author) =>
      typeof author === 'string'
        ? author
        : author && typeof author === 'object'
          ? stringOf((author as Record<string, unknown>).name)
          : null,
    )
    .filter((name): name is string => !!name && name.trim().length > 0);
  return names.length > 0 ? names.join(', ') : null;
}
