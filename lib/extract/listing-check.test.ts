import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/**
 * An awards page made by hand for this test: a long introduction, then one grid of cards per
 * category, each card a linked title and its studio. Readability keeps the introduction (the
 * only prose), and the titles are links, too many for the page to be read whole as a region.
 */
function awardsPage(): string {
  const categories = [
    'Hotel',
    'Restaurant',
    'Office',
    'Library',
    'Museum',
    'Retail',
    'Residence',
    'Spa',
    'School',
    'Clinic',
  ];
  const sections = categories.map((category, c) => {
    const cards = Array.from(
      { length: 10 },
      (_, n) =>
        `<li class="award-card"><a href="/awards/2026/${category.toLowerCase()}-${n}">` +
        `<h4>${category} project number ${n + 1}, a renovation on the riverside</h4></a>` +
        `<p class="studio">Studio ${String.fromCharCode(65 + c)}${n} Architects</p></li>`,
    );
    return `<div class="award-category"><h3>${category}</h3><ul class="award-cards">${cards.join('')}</ul></div>`;
  });
  const sentence =
    'The jury, which met for three days in the spring, read every entry, weighed each project ' +
    'against its brief, its budget and its site, and argued late into the evening about the finalists. ';
  const intro = `<p>${sentence.repeat(6)}</p>`.repeat(3);
  return `<!doctype html><html><head><title>Design Awards 2026: the winners</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">Home</a> <a href="/awards/">All awards</a></nav></header>
<main><h1>Design Awards 2026: the winners</h1><div class="intro">${intro}</div>
<div class="award-categories">${sections.join('\n')}</div></main>
<footer><p>All rights reserved</p></footer></body></html>`;
}

describe('an awards page with a grid of winners per category, under a long introduction', () => {
  const article = extractFromHtml(awardsPage(), 'https://design.example/awards/2026/');
  const { markdown } = article;

  it('is read as a listing: the introduction, then every category with its cards', () => {
    expect(article.kind).toBe('listing');
    const intro = markdown.indexOf('The jury, which met for three days');
    const first = markdown.indexOf('Hotel project number 1,');
    const last = markdown.indexOf('Clinic project number 10,');
    expect(intro).toBeGreaterThanOrEqual(0);
    expect(first).toBeGreaterThan(intro);
    expect(last).toBeGreaterThan(first);
    expect(markdown).toContain('Studio J9 Architects');
    expect(markdown).toContain('(https://design.example/awards/2026/clinic-9)');
  });

  it('leaves out the site menu and footer', () => {
    expect(markdown).not.toContain('All awards');
    expect(markdown).not.toContain('All rights reserved');
  });
});

/**
 * A recipe roundup made by hand for this test: a short introduction, then teasers marked as
 * `article` elements, each a linked title, holding more text than the introduction but not
 * twice as much.
 */
function roundupPage(): string {
  const dishes = ['Crispy chickpeas', 'Salmon bites', 'Garlic potatoes', 'Honey carrots'];
  const teasers = [...dishes, ...dishes.map((dish) => `${dish} with lemon`)].map(
    (dish, n) =>
      `<article class="recipe-card"><a href="/recipes/${n}"><img src="/${n}.jpg" alt=""></a>` +
      `<h3><a href="/recipes/${n}">${dish}, ready in twenty minutes on a weeknight</a></h3></article>`,
  );
  return `<!doctype html><html><head><title>Air fryer recipes</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">Home</a> <a href="/recipes/">All recipes</a></nav></header>
<main><h1>Air fryer recipes</h1>
<div class="intro"><p>Our favourite things to make in the air fryer, from snacks to dinners, all quick, all crispy, and all tested in our kitchen more times than we would like to admit. Each one needs only a handful of things from the cupboard, and most of them feed four.</p></div>
<div class="grid">${teasers.join('\n')}</div></main>
<footer><p>All rights reserved</p></footer></body></html>`;
}

describe('a roundup whose teasers are article elements, under a short introduction', () => {
  const article = extractFromHtml(roundupPage(), 'https://cooking.example/recipes/air-fryer/');

  it('is read as a listing: the introduction and every teaser', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown).toContain('Our favourite things to make in the air fryer');
    expect(article.markdown).toContain(
      '[Crispy chickpeas, ready in twenty minutes on a weeknight]',
    );
    expect(article.markdown).toContain(
      '[Honey carrots with lemon, ready in twenty minutes on a weeknight]',
    );
  });
});

/**
 * A shop's search page made by hand for this test: a grid of linked wallets, and below it, in
 * the footer, a newsletter sign-up (built of `div`s, its script sends it) whose messages for
 * each outcome sit in the markup, waiting for the script to show one. That form is the page's only prose, so Readability picks it.
 */
function marketPage(): string {
  const wallets = ['Bifold', 'Card holder', 'Coin purse', 'Travel', 'Slim', 'Zip', 'Long', 'Cash'];
  const colours = ['tan', 'black'];
  const tiles = colours
    .flatMap((colour) => wallets.map((wallet) => `${wallet} wallet in ${colour}`))
    .map(
      (wallet, n) =>
        `<li class="tile"><a href="/listing/${n}"><h3>${wallet} vegetable-tanned leather, stitched by hand</h3></a>` +
        `<span class="price">USD ${40 + n}.00</span></li>`,
    );
  return `<!doctype html><html><head><title>Handmade wallets</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">Home</a> <a href="/gifts/">Gifts</a></nav></header>
<main><h1>Handmade wallets</h1><ul class="results">${tiles.join('\n')}</ul></main>
<footer><div class="finds"><div class="signup" data-action="/subscribe">
<p>Yes! Send me exclusive offers, unique gift ideas, and personalised tips for shopping and selling on our market, every week.</p>
<input type="email" name="email"><button type="submit">Subscribe</button>
<div role="alert">Please enter a valid email address, so that we can send you our letter.</div>
<div role="alert">You have been signed up! We have sent you an email to confirm your subscription.</div>
<div role="alert">There was a problem subscribing you to this newsletter. Please try again later.</div>
</div></div><p>© The Market</p></footer></body></html>`;
}

describe('a listing whose only prose is a newsletter sign-up after its items', () => {
  const article = extractFromHtml(marketPage(), 'https://market.example/market/handmade-wallets');

  it('is read as its items, without the sign-up that comes after them', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown).toContain('Bifold wallet in tan vegetable-tanned leather');
    expect(article.markdown).toContain('Cash wallet in black vegetable-tanned leather');
    expect(article.markdown).not.toContain('exclusive offers');
    expect(article.markdown).not.toContain('problem subscribing');
  });
});

/**
 * A recipe index made by hand for this test: a short introduction, a box of the top-rated
 * recipes built one way (a list of picks, each with its rating), then the latest recipes built
 * another way (a grid of cards), the largest group of items on the page.
 */
function recipeIndexPage(): string {
  const picks = ['Lemon chicken', 'Crispy tofu', 'Garlic noodles', 'Miso salmon'].map(
    (dish, n) =>
      `<li class="top-pick"><a href="/top/${n}"><h3>${dish} for busy weeknights</h3></a>` +
      `<span>${20 + n} reviews / 4.${n} average</span></li>`,
  );
  const dishes = ['Roast carrots', 'Bean chili', 'Pea risotto', 'Tomato soup', 'Corn fritters'];
  const cards = [
    ...dishes,
    ...dishes.map((dish) => `Spicy ${dish.toLowerCase()}`),
    ...dishes.map((dish) => `Smoky ${dish.toLowerCase()}`),
  ].map(
    (dish, n) =>
      `<div class="card"><a href="/recipes/${n}"><h3>${dish}, ready in half an hour</h3></a>` +
      `<span class="summary">A weeknight dinner from what is in the cupboard</span></div>`,
  );
  return `<!doctype html><html><head><title>Quick dinners</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">Home</a> <a href="/recipes/">All recipes</a></nav></header>
<main><h1>Quick dinners</h1>
<div class="intro"><p>Dinners for the evenings when there is no time to cook, each one tested at home by our team, in a small kitchen, on a weeknight, with a hungry family waiting, and each one a little crisper, a little quicker and a little cheaper than the last time we made it.</p>
<p>Start with the ones our readers rate highest, which they have cooked, rated and cooked again, or scroll down to the newest, which we add every week, in every season, for every taste.</p></div>
<div class="top"><h2>Top rated quick dinners</h2><ul class="picks">${picks.join('')}</ul></div>
<div class="latest"><h2>Latest quick dinners</h2><div class="cards">${cards.join('\n')}</div></div></main>
<footer><p>All rights reserved</p></footer></body></html>`;
}

describe('a listing built of several groups of items, each built its own way', () => {
  const article = extractFromHtml(recipeIndexPage(), 'https://cooking.example/recipes/quick/');

  it('keeps every group with its heading, not only the largest', () => {
    expect(article.kind).toBe('listing');
    const { markdown } = article;
    expect(markdown).toContain('Top rated quick dinners');
    expect(markdown).toContain('Miso salmon for busy weeknights](https://cooking.example/top/3)');
    expect(markdown).toContain('23 reviews / 4.3 average');
    expect(markdown).toContain('Smoky corn fritters, ready in half an hour');
    expect(markdown).not.toContain('All recipes');
    expect(markdown).not.toContain('All rights reserved');
  });
});
