import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { articleSchema } from './article';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages, one per kind, in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a forum thread', () => {
  const article = extractFromHtml(
    fixture('forum-thread.html'),
    'https://forum.example.org/t/sourdough-starter-not-rising/4411',
  );

  it('is read as a forum thread', () => {
    expect(article.kind).toBe('forum');
    expect(articleSchema.parse(article)).toEqual(article);
  });

  it('keeps every post in order, not only the longest one', () => {
    const { markdown } = article;
    const first = markdown.indexOf('My starter has not risen for four days');
    const second = markdown.indexOf('Try feeding it twice a day');
    const third = markdown.indexOf('Rye flour fixed it for me');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
  });

  it('drops the forum chrome around the posts', () => {
    expect(article.markdown).not.toContain('Latest topics');
    expect(article.markdown).not.toContain('Log in');
  });
});

describe('a forum thread on a host named for a forum, at an address without a forum path', () => {
  const article = extractFromHtml(
    fixture('forum-thread.html'),
    'https://www.bakersforum.example/beginners/4411-sourdough-starter-not-rising',
  );

  it('is read as a forum thread with every post', () => {
    expect(article.kind).toBe('forum');
    expect(article.markdown).toContain('Try feeding it twice a day');
    expect(article.markdown).toContain('Rye flour fixed it for me');
  });
});

describe('a product page', () => {
  const article = extractFromHtml(
    fixture('product.html'),
    'https://shop.example.com/products/walnut-desk-lamp',
  );

  it('is read as a product page, named from its structured data', () => {
    expect(article.kind).toBe('product');
    expect(article.title).toBe('Walnut Desk Lamp');
  });

  it('keeps the price, the description and the specifications table', () => {
    const { markdown } = article;
    expect(markdown).toContain('€89.00');
    expect(markdown).toContain('In stock');
    expect(markdown).toContain('turned from a single block of walnut');
    expect(markdown).toMatch(/\| Height \| 42 cm \|/);
  });

  it('drops the site navigation and footer', () => {
    expect(article.markdown).not.toContain('Gift cards');
    expect(article.markdown).not.toContain('Terms of sale');
  });
});

describe('a product page with reviews and other products around it', () => {
  const article = extractFromHtml(
    fixture('product-with-extras.html'),
    'https://fieldhouse.example/products/oak-bread-board',
  );

  it('keeps the name, price, availability and the description', () => {
    expect(article.kind).toBe('product');
    for (const text of ['Oak Bread Board', '$48.00', 'Ships in two days', 'European oak']) {
      expect(article.markdown).toContain(text);
    }
  });

  it('keeps what the page shows in its own tabs, reviews included', () => {
    expect(article.markdown).toContain('the oil is linseed');
  });

  it("drops other buyers' review widget and the row of other products", () => {
    const { markdown } = article;
    expect(markdown).not.toContain('Heavy, solid');
    expect(markdown).not.toContain('Customer reviews');
    expect(markdown).not.toContain('Walnut Serving Board');
    expect(markdown).not.toContain('You may also like');
  });

  it('drops an image address printed as text', () => {
    expect(article.markdown).not.toContain('cdn.fieldhouse.example');
  });
});

describe('a product page streamed in parts, with sections about other products', () => {
  const article = extractFromHtml(
    fixture('product-streamed.html'),
    'https://trailhead.example/products/enamel-camping-mug',
  );

  it('puts the parts a streaming server sent hidden where they belong, without the loading text', () => {
    const { markdown } = article;
    expect(markdown).toMatch(/\| Capacity \| 350 ml \|/);
    expect(markdown).toContain('Tatra foothills');
    expect(markdown.indexOf('rolled blue rim')).toBeLessThan(markdown.indexOf('Capacity'));
    expect(markdown.indexOf('Capacity')).toBeLessThan(markdown.indexOf('Wash by hand'));
    expect(markdown).not.toContain('Loading details');
  });

  it('drops the sections under headings about other products and other buyers', () => {
    const { markdown } = article;
    for (const text of [
      'Similar items',
      'Stacking Steel Cup',
      'Customer reviews',
      'chipped after a year',
    ]) {
      expect(markdown).not.toContain(text);
    }
    expect(markdown).toContain('not a dishwasher');
  });
});

describe('a category page that marks itself as a product', () => {
  const article = extractFromHtml(
    fixture('product-grid.html'),
    'https://fieldhouse.example/products/kettles',
  );

  it('is read as a listing and keeps every product with its price', () => {
    expect(article.kind).toBe('listing');
    for (const text of ['Copper Stovetop Kettle', '$89.00', 'Whistling Kettle, cream', '$46.00']) {
      expect(article.markdown).toContain(text);
    }
  });
});

describe('a shop collection that says it is a group of products', () => {
  const article = extractFromHtml(
    fixture('collection.html'),
    'https://loomlane.example/collections/bags',
  );

  it('is read as a listing and keeps every product with its price', () => {
    expect(article.kind).toBe('listing');
    for (const text of ['Canvas Tote, olive', 'Rolltop Backpack', '$96.00', 'Zip Pouch, small']) {
      expect(article.markdown).toContain(text);
    }
  });
});

describe('a section front that calls itself an article', () => {
  const article = extractFromHtml(fixture('section-front.html'), 'https://ledger.example/climate/');

  it('is read as a listing: every teaser with its link and text, not only one', () => {
    expect(article.kind).toBe('listing');
    const { markdown } = article;
    for (const title of [
      'River levels fall for a third week',
      'Late frost spares most orchards',
      'School roof now powers the library',
      'Farmers replant old hedgerows',
      'New flood maps for the lower town',
    ]) {
      expect(markdown).toContain(title);
    }
    expect(markdown).toContain('(https://ledger.example/climate/hedgerows)');
    expect(markdown).toContain('Eleven kilometres of hawthorn');
  });

  it('drops the site menu', () => {
    expect(article.markdown).not.toContain('Sport');
  });
});

describe('a section front whose every teaser is named a promo', () => {
  const article = extractFromHtml(
    fixture('section-front-promo-teasers.html'),
    'https://courier.example/city/',
  );

  it('is read as a listing of its teasers, which the cleaner would take for promotions', () => {
    expect(article.kind).toBe('listing');
    expect(article.fallback).toBeNull();
    expect(article.markdown).toContain(
      '[Harbour dredging starts next month](https://courier.example/city/harbour-dredging)',
    );
    expect(article.markdown).toContain('Kitchens closed in the nineties reopen');
    expect(article.markdown.match(/courier\.example\/city\/[a-z-]+\)/g)).toHaveLength(6);
  });

  it('still drops the site menu', () => {
    expect(article.markdown).not.toContain('Sport');
  });
});

describe('a news archive whose teasers look like media cards to the article cleaner', () => {
  const article = extractFromHtml(
    fixture('news-archive.html'),
    'https://hotelledger.example/news/',
  );

  it('is read as a listing with every teaser, not only its heading', () => {
    expect(article.kind).toBe('listing');
    for (const text of [
      'Harbour Hotel sold to a regional group',
      'a refit planned for the spring',
      'Quarterly results: occupancy up',
      'wages and energy have eaten the gains',
    ]) {
      expect(article.markdown).toContain(text);
    }
  });
});

describe('a short post with comments under it', () => {
  const article = extractFromHtml(
    fixture('short-post-with-comments.html'),
    'https://orchard.example/2026/11/pruning-an-old-apple-tree/',
  );

  it('stays an article: a thread of comments is not a listing', () => {
    expect(article.kind).toBe('article');
    expect(article.markdown).toContain('never take more than a quarter of the crown');
  });
});

describe('a listing', () => {
  const article = extractFromHtml(fixture('listing.html'), 'https://news.example.net/science/');

  it('is read as a listing', () => {
    expect(article.kind).toBe('listing');
  });

  it("keeps each item's title, link and short text", () => {
    const { markdown } = article;
    for (const title of [
      'Comet returns after 80 years',
      'Bees count to four',
      'A new map of the seafloor',
      'Glacier melt slows in the Alps',
      'Octopuses dream in colour',
      'Moss survives a year in orbit',
      'Deep-sea vents host new shrimp',
      'Oldest tree rings reread',
    ]) {
      expect(markdown).toContain(title);
    }
    expect(markdown).toContain('(https://news.example.net/science/bees-count)');
    expect(markdown).toContain('Honeybees told groups of dots apart');
  });
});

describe('a documentation page', () => {
  const article = extractFromHtml(
    fixture('documentation.html'),
    'https://docs.example.dev/guide/configuration',
  );

  it('is read as documentation and keeps its code block, table and note', () => {
    expect(article.kind).toBe('documentation');
    expect(article.markdown).toContain('```');
    expect(article.markdown).toContain('retries: 3');
    expect(article.markdown).toMatch(/\| `timeout` \|/);
    expect(article.markdown).toContain('Changing the port needs a restart');
  });
});

describe('a service page', () => {
  const article = extractFromHtml(fixture('service.html'), 'https://harbor.example/services/');

  it('is read as a service page and keeps every section of the offer', () => {
    expect(article.kind).toBe('service');
    for (const sentence of [
      'Managed backups for small offices',
      'We copy every machine each night',
      'Restores within four hours',
      'Plans start at 12 euros a month',
    ]) {
      expect(article.markdown).toContain(sentence);
    }
    expect(article.markdown).not.toContain('Careers');
  });
});

describe('a service page whose main landmark wraps only its hero', () => {
  const article = extractFromHtml(
    fixture('service-small-main.html'),
    'https://brightwell.example/',
  );

  it('reads the sections of the offer outside that landmark', () => {
    for (const text of [
      'Bookkeeping for small workshops',
      'one-page summary',
      'pension contributions',
      'takes a week',
    ]) {
      expect(article.markdown).toContain(text);
    }
    expect(article.markdown).not.toContain('Contact');
  });
});

describe('a service page whose questions and answers sit in an accordion marked as a tab list', () => {
  const article = extractFromHtml(
    fixture('service-accordion.html'),
    'https://northvale.example/rebates/heat-pumps',
  );

  it('keeps the answers, and drops the row of tab labels', () => {
    const { markdown } = article;
    expect(markdown).toContain("including tenants with the owner's written agreement");
    expect(markdown).toContain('commissioning certificate');
    expect(markdown).toContain('heat loss survey');
    expect(markdown).not.toMatch(/\bBusiness\b/);
  });
});

describe('a news article', () => {
  it('is still read as an article by Readability', () => {
    const article = extractFromHtml(
      fixture('article-json-ld.html'),
      'https://courier.example/news/2026/05/ferry',
    );
    expect(article.kind).toBe('article');
    expect(article.fallback).toBeNull();
  });
});

describe('structured data and captions (metadata survives cleaning)', () => {
  const article = extractFromHtml(
    fixture('article-json-ld.html'),
    'https://courier.example/news/2026/05/ferry',
  );

  it('reads title, byline, date and site name from JSON-LD in the body', () => {
    expect(article.title).toBe('The night ferry returns to the island');
    expect(article.byline).toBe('Ana Ribeiro');
    expect(article.publishedTime).toBe('2026-05-02T06:30:00Z');
    expect(article.siteName).toBe('Island Courier');
  });

  it('keeps a first paragraph whose class only says it has no caption', () => {
    expect(article.markdown).toContain('For the first time in six years, the night ferry');
  });
});

describe('input the parser stumbles on', () => {
  const page =
    '<p>Opening hours are nine to five on weekdays, and the shop is closed on Sundays.</p>';

  it('reads a page with blank lines between the doctype and <html>', () => {
    const html = `<!DOCTYPE html>\n\n\t\n\n<html><head><title>Hours</title></head><body>${page}</body></html>`;
    const article = extractFromHtml(html, 'https://shop.example.com/hours');
    expect(article.markdown).toContain('Opening hours are nine to five');
  });

  it('reads a page with blank lines before <html> and no doctype', () => {
    const html = `\n\n\n<html><body>${page}</body></html>`;
    expect(extractFromHtml(html, 'https://shop.example.com/hours').markdown).toContain(
      'closed on Sundays',
    );
  });

  it('reads the rest of the page after a stray <![CDATA[ in the body', () => {
    const html = `<!DOCTYPE html><html><body><![CDATA[\n<div id="top"></div>${page}</body></html>`;
    expect(extractFromHtml(html, 'https://shop.example.com/hours').markdown).toContain(
      'Opening hours are nine to five',
    );
  });

  it('reads the body when a script sits between </head> and <body>', () => {
    const html = `<html><head><title>Hours</title></head><script>var a = 1;</script><body>${page}</body></html>`;
    expect(extractFromHtml(html, 'https://shop.example.com/hours').markdown).toContain(
      'closed on Sundays',
    );
  });

  it('returns an empty result, without throwing, for empty input', () => {
    const article = extractFromHtml('', 'https://shop.example.com/');
    expect(article.markdown).toBe('');
    expect(article.fallback).toBeNull();
  });

  it('reads a bare fragment', () => {
    expect(extractFromHtml(page, 'https://shop.example.com/hours').markdown).toContain(
      'Opening hours',
    );
  });

  it('takes the title of a page without a head as its title, not as a line of its text', () => {
    const html = '<!doctype html><title>Opening hours</title><p>Open daily from nine to six.</p>';
    const article = extractFromHtml(html, 'https://shop.example.com/hours');
    expect(article.title).toBe('Opening hours');
    expect(article.markdown).toBe('Open daily from nine to six.');
  });

  it('falls back to the page text when the content found gives no markdown', () => {
    // The title of an icon is text, but not markdown: the page's own words say more.
    const html =
      '<html><body><main><svg><title>A tin of almond thins</title></svg></main>' +
      '<nav>Almond thins, 149 g, baked with whole cranberries and sold by the tin.</nav></body></html>';
    const article = extractFromHtml(html, 'https://shop.example.com/products/almond-thins');
    expect(article.fallback).toBe('page-text');
    expect(article.markdown).toContain('baked with whole cranberries');
  });

  it('falls back to the page text, and says so, when no content is found', () => {
    const html =
      '<html><body><nav><a href="/a">Alpha</a> <a href="/b">Beta</a></nav>' +
      '<nav>Only navigation holds any words on this page at all.</nav></body></html>';
    const article = extractFromHtml(html, 'https://shop.example.com/');
    expect(article.fallback).toBe('page-text');
    expect(article.markdown).toContain('Only navigation holds any words');
  });

  it('gives nothing for an app shell, whose scripts draw the content, and says why', () => {
    const columns = ['Help', 'Shipping', 'Returns', 'Gift cards', 'Careers', 'Press', 'Privacy']
      .map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`)
      .join('');
    const shell = (script: string, mount: string) =>
      `<html><head><title>Tin of almond thins</title>${script}</head><body>` +
      '<div style="display:none"><h1>Corner Shop</h1><a href="#search">Search the shop</a></div>' +
      `<header><nav><ul>${columns}</ul></nav></header>${mount}` +
      `<footer><h5>About the shop</h5><ul>${columns}</ul><p>© 2026 Corner Shop. All rights reserved.</p></footer>` +
      '</body></html>';
    const url = 'https://shop.example.com/item/1005.html';
    // It runs a script.
    const article = extractFromHtml(shell('<script src="/app.js"></script>', ''), url);
    expect(article.fallback).toBe('app-shell');
    expect(article.markdown).toBe('');
    expect(article.title).toBe('Tin of almond thins');
    // Saved without its scripts, an empty element where the content goes says the same.
    expect(extractFromHtml(shell('', '<div id="root"></div>'), url).fallback).toBe('app-shell');
    // With neither, the menus are all the page has: its text is handed over.
    const still = extractFromHtml(shell('', ''), url);
    expect(still.fallback).toBe('page-text');
    expect(still.markdown).toContain('All rights reserved');
  });

  it('is no app shell when a sentence stands outside the footer, in whatever element or language', () => {
    const page = (hero: string, footer = '') =>
      '<html><head><script src="/app.js"></script></head><body>' +
      `<header><nav><a href="/">Home</a> <a href="/about">About</a></nav>${hero}</header>` +
      `<div id="root"></div><footer><a href="/terms">Terms</a>${footer}</footer></body></html>`;
    const url = 'https://studio.example/';
    const english = extractFromHtml(
      page('<p>We build quiet, sturdy furniture from oak that fell in storms near the river.</p>'),
      url,
    );
    expect(english.fallback).toBe('page-text');
    expect(english.markdown).toContain('furniture from oak');
    const chinese = extractFromHtml(
      page('<p>我们用河边被风暴吹倒的橡树制作安静而结实的家具。</p>'),
      url,
    );
    expect(chinese.fallback).toBe('page-text');
    // The footer's sentences are the site's, on every page: still a shell.
    const notice =
      '<p>If you are in a crisis and need help right now, call your local emergency number.</p>';
    expect(extractFromHtml(page('', notice), url).fallback).toBe('app-shell');
  });

  it('reads an app that shows no text at all as a shell, and an empty page without scripts as empty', () => {
    const app =
      '<!doctype html><title>Dashboard</title><div id="root"></div><script>start()</script>';
    expect(extractFromHtml(app, 'https://app.example/').fallback).toBe('app-shell');
    const blank = '<!doctype html><title>Blank</title><p> </p>';
    expect(extractFromHtml(blank, 'https://app.example/blank').fallback).toBeNull();
  });
});

describe('text the page hides', () => {
  it('flags hidden text kept because it is most of the page', () => {
    const words = 'The whole story sits behind a consent dialog that hides it from view. '.repeat(
      12,
    );
    const html = `<html><body><div aria-hidden="true"><h1>Story</h1><p>${words}</p></div></body></html>`;
    const article = extractFromHtml(html, 'https://courier.example/story');
    expect(article.hiddenText).toBe(true);
    expect(article.markdown).toContain('consent dialog');
  });

  it('reads content hidden until a script shows it, and flags it, when nothing else is found', () => {
    const menu = Array.from(
      { length: 30 },
      (_, index) => `<a href="/c/${index}">Category ${index}</a>`,
    );
    const description =
      'Roasted in small batches every Monday, this blend of two highland coffees tastes of cocoa and dried cherry. '.repeat(
        4,
      );
    const html =
      `<html><body><header><nav>${menu.join(' ')}</nav></header>` +
      `<div class="gate-content" style="display:none"><main><h1>House Blend</h1><p>${description}</p></main></div>` +
      '</body></html>';
    const article = extractFromHtml(html, 'https://roastery.example/products/house-blend');
    expect(article.fallback).toBeNull();
    expect(article.hiddenText).toBe(true);
    expect(article.markdown).toContain('tastes of cocoa and dried cherry');
    expect(article.markdown).not.toContain('Category 12');
  });

  it('does not flag a page without hidden text', () => {
    const words = 'A plain story that every reader sees on the page as it is. '.repeat(12);
    const html = `<html><body><article><h1>Story</h1><p>${words}</p></article></body></html>`;
    expect(extractFromHtml(html, 'https://courier.example/story').hiddenText).toBe(false);
  });
});

describe('a product page whose footer is a block named for it, not a footer element', () => {
  const article = extractFromHtml(
    fixture('product-named-footer.html'),
    'https://fernhill.example/products/trail-wool-sock',
  );

  it('keeps the product and drops the footer', () => {
    const { markdown } = article;
    expect(article.kind).toBe('product');
    for (const text of ['Trail Wool Sock', '€18', 'cushioned sole', 'reinforced toe']) {
      expect(markdown).toContain(text);
    }
    for (const text of [
      'ten percent off',
      'Returns and exchanges',
      'Gift cards',
      'customer care',
    ]) {
      expect(markdown).not.toContain(text);
    }
  });
});

describe('a product page whose labels and values are sibling spans with nothing between them', () => {
  const article = extractFromHtml(
    fixture('product-spec-spans.html'),
    'https://hollin.example/books/the-quiet-orchard',
  );

  it('reads each label apart from its value, and leaves code as written', () => {
    const { markdown } = article;
    for (const text of ['Language English', 'Publisher Hollin Press', 'Hollin Press Paperback']) {
      expect(markdown).toContain(text);
    }
    expect(markdown).not.toContain('LanguageEnglish');
    expect(markdown).toContain('letVoices');
  });
});

describe('a product page whose feature sections are blocks named for their pictures', () => {
  const article = extractFromHtml(
    fixture('product-image-text-sections.html'),
    'https://larkhill.example/products/fenwick-doorbell-camera',
  );

  it('keeps each section laid out beside a picture: its heading and its text', () => {
    expect(article.kind).toBe('product');
    const { markdown } = article;
    expect(markdown).toContain('Sees the whole porch');
    expect(markdown).toContain('shows a visitor from head to toe');
    expect(markdown).toContain('Infrared lights see up to eight metres');
    expect(markdown).toContain('2.4 and 5 GHz');
  });

  it("still drops a picture's caption", () => {
    expect(article.markdown).not.toContain('shown at actual size');
  });
});
