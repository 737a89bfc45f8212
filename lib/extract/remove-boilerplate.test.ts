import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { type BoilerplateProfile, removeBoilerplate } from './remove-boilerplate';

const LONG =
  'This is a long paragraph of real article text, written to stand in for the body of a story, and it keeps going for long enough that no rule could mistake it for a caption, a prompt or a link list.';

/** Markup written inline by hand for each test, cleaned the way Readability's output would be. */
function clean(html: string, profile?: BoilerplateProfile): { text: string; reasons: string[] } {
  const { document } = parseHTML(
    `<!doctype html><html><body><div id="root">${html}</div></body></html>`,
  );
  const root = document.getElementById('root') as unknown as Element;
  const reasons: string[] = [];
  removeBoilerplate(root, (_element, reason) => reasons.push(reason), profile);
  return { text: spacedText(root), reasons };
}

/** The text of every text node, one space between them (textContent glues "<p>a</p><p>b</p>"). */
function spacedText(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
  };
  walk(root);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

describe('removeBoilerplate keeps article text', () => {
  it('keeps a block whose class says it has no caption (whole class tokens count)', () => {
    const first = 'The council voted on Monday to reopen the old harbour bridge to cyclists.';
    const { text } = clean(
      `<div class="story-body no_caption"><p>${first}</p></div><p>${LONG}</p><p>${LONG}</p>`,
    );
    expect(text).toContain(first);
  });

  it("keeps a block whose class gives its CMS publishing state, not a dateline's", () => {
    const spec = 'Field of view 180° by 180°, night vision to 25 feet.';
    const { text } = clean(
      `<p>${LONG}</p><div class="paragraph paragraph--type--specs paragraph-published"><p>${spec}</p></div><p>${LONG}</p>`,
    );
    expect(text).toContain(spec);
  });

  it('keeps a card whose class says a feature is switched on for it (subscription-eligible)', () => {
    const card = 'Harbour Blend Coffee, whole bean, one pound bag for $18.50';
    const { text } = clean(
      `<p>${LONG}</p><ul><li><div class="product-card subscription-eligible"><a href="/p/harbour">${card}</a></div></li></ul><p>${LONG}</p>`,
    );
    expect(text).toContain(card);
  });

  it('still removes a block named for a subscription prompt', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="subscription-box">Subscribe and save 10% on every order</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('Subscribe and save');
  });

  it('still removes an open menu named by its state (menu-active)', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="menu-active">Shop Coffee Tea Brewing Gifts Journal About</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('Brewing Gifts');
  });

  it('keeps a section whose class says it comes with a picture (section-copy-with-media)', () => {
    const story =
      'Founded in 1862 by two brothers on the river bank, the mill still grinds its flour with the original stones.';
    const { text } = clean(
      `<p>${LONG}</p><section class="section-copy-with-media"><h2>Our story</h2><p>${story}</p><img src="mill.jpg" alt=""></section><p>${LONG}</p>`,
    );
    expect(text).toContain(story);
  });

  it('still removes a figure named for its media', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="media-wrapper"><img src="a.jpg" alt="">Photo by the author</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('Photo by the author');
  });

  it('still removes a short block whose class says it is a publication date', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="date-published">Published 3 March 2026</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('3 March 2026');
  });

  it('keeps paragraphs styled by typography classes (text-size-large, has-small-font-size)', () => {
    const offer =
      'We watch the dark web for your email, phone number and bank details around the clock.';
    const { text } = clean(
      `<p>${LONG}</p><p class="text-size-large">${offer}</p><div class="font-size-h3">Plans from $8 a month</div><p class="has-small-font-size">Prices include tax in every state.</p><p>${LONG}</p>`,
    );
    expect(text).toContain(offer);
    expect(text).toContain('Plans from $8 a month');
    expect(text).toContain('Prices include tax in every state.');
  });

  it("still removes a news site's text-size control", () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="text-size">Text size: A A A</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('A A A');
  });

  it('still removes a block whose class names a caption', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="wp-caption-text">A crowd on the bridge at dawn.</div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('A crowd on the bridge');
  });

  it('keeps short paragraphs that only mention cookies, shares or newsletters', () => {
    const short = [
      'These cookies keep for a week in a sealed tin.',
      'Share prices rose 4% on Tuesday.',
      "The newsletter's editor resigned in May.",
      'Comments from the minister followed on Friday.',
      'By 2030, the network should double.',
    ];
    const { text } = clean(
      `<p>${LONG}</p>${short.map((line) => `<p>${line}</p>`).join('')}<p>${LONG}</p>`,
    );
    for (const line of short) expect(text).toContain(line);
  });

  it('never removes the element holding most of the text, whatever its class says', () => {
    const { text } = clean(
      `<div class="post has-comments related"><p>${LONG}</p><p>${LONG}</p></div><p>Short end.</p>`,
    );
    expect(text).toContain(LONG);
  });

  it('keeps tables whose rows carry styling classes', () => {
    const { text } = clean(
      `<p>${LONG}</p><table><tr class="player-1 media-row"><td>Kyle</td><td>5040</td></tr><tr class="player-2"><td>Denny</td><td>5027</td></tr></table><p>${LONG}</p>`,
    );
    expect(text).toContain('Kyle 5040');
    expect(text).toContain('Denny 5027');
  });

  it('keeps a list of links in the middle of the article', () => {
    const { text } = clean(
      `<p>${LONG}</p><p>The tools we tried:</p><ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul><p>${LONG}</p>`,
    );
    expect(text).toContain('Alpha');
    expect(text).toContain('Beta');
  });
});

describe('removeBoilerplate removes', () => {
  it('share, newsletter and cookie blocks found by their class names', () => {
    const { text, reasons } = clean(
      `<div class="social-share"><a href="/f">Facebook</a><a href="/t">X</a></div><p>${LONG}</p>` +
        `<div class="newsletterSignup"><p>Get our weekly email.</p></div><div id="cookie-notice"><p>Fine print.</p></div><p>${LONG}</p>`,
    );
    expect(text).toBe(`${LONG} ${LONG}`);
    expect(reasons).toEqual(['marker:share', 'marker:promo', 'marker:promo']);
  });

  it('prompts found by what they say', () => {
    const { text } = clean(
      `<p>${LONG}</p><p>Advertisement</p><p>Sign up for our newsletter to get the news first.</p><p>Share on Facebook</p><p>We use cookies to improve your experience.</p><p>${LONG}</p>`,
    );
    expect(text).toBe(`${LONG} ${LONG}`);
  });

  it('story links inside the article: "READ MORE:" lines and capitalised plugs', () => {
    const { text } = clean(
      `<p>${LONG}</p><p><strong>READ MORE: <a href="/x">Another story entirely</a></strong></p><p><a href="/y">SCIENTISTS FIND A NEW MOON AROUND A FAR PLANET</a></p><p>${LONG}</p>`,
    );
    expect(text).toBe(`${LONG} ${LONG}`);
  });

  it('a "Related stories" heading and the links under it', () => {
    const { text } = clean(
      `<p>${LONG}</p><h3>More great stories</h3><ul><li>Why trains are back, <a href="/a">explained</a></li><li><a href="/b">The flood</a></li></ul>`,
    );
    expect(text).toBe(LONG);
  });

  it('captions: after an image, credits, and a figure around an image', () => {
    const { text, reasons } = clean(
      `<p>${LONG}</p><p><img src="/a.jpg"></p><p><em>The bridge at dawn.</em></p><p>${LONG}</p>` +
        '<p>(Image: © NASA/JPL)</p>' +
        `<figure><img src="/b.jpg"><figcaption>A second picture</figcaption></figure><p>${LONG}</p>`,
    );
    expect(text).toBe(`${LONG} ${LONG} ${LONG}`);
    expect(reasons).toEqual(['media figure', 'captioned picture', 'caption', 'caption']);
  });

  it("text for screen readers under a design system's prefix (wt-screen-reader-only, u-srOnly)", () => {
    const { text } = clean(
      `<p>${LONG}</p><ul><li><a href="/l/1">Walnut card holder</a> <span class="wt-screen-reader-only">ad by a seller</span> <span class="usa-sr-only">Sale price</span> $42.00</li>` +
        `<li><a href="/l/2">Canvas tote</a> <span class="u-srOnly">Regular price</span> $30.00</li></ul><p>${LONG}</p>`,
    );
    expect(text).toContain('Walnut card holder $42.00');
    expect(text).not.toContain('ad by a seller');
    expect(text).not.toContain('Sale price');
    expect(text).not.toContain('Regular price');
  });

  it("but not what Tailwind's not-sr-only shows again", () => {
    const { text } = clean(
      `<p>${LONG}</p><p class="sr-only-keep not-sr-only">Opening hours: 9 to 5, Monday to Friday.</p><p>${LONG}</p>`,
    );
    expect(text).toContain('Opening hours');
  });

  it("a Webflow form's outcome messages, hidden until the form is sent", () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="w-form"><form><input type="email"></form><div class="w-form-done"><div>Thank you! Your request has reached us.</div></div><div class="w-form-fail"><div>Oops! The request could not be sent.</div></div></div>`,
    );
    expect(text).not.toContain('Thank you');
    expect(text).not.toContain('Oops');
    expect(text).toContain('real article text');
  });

  it('a rotating bar of promotions marked role="marquee"', () => {
    const { text } = clean(
      `<section role="marquee" aria-label="Offers"><a href="/sale">Up to 40% off rain jackets this week. Shop now!</a><a href="/join">Join the club and get free shipping.</a></section><p>${LONG}</p>`,
    );
    expect(text).not.toContain('Shop now');
    expect(text).toContain('real article text');
  });

  it('a dialog named by its class (modal, popup), but not the link or button that opens it', () => {
    const guide =
      'Polarised lenses cut the glare of water and snow, so colours look deeper and your eyes tire less on long days outside.';
    const { text } = clean(
      `<p>${LONG}</p><p><a class="size-guide-modal-trigger" href="#guide">Size guide</a> and <a class="external-popup" href="https://example.org/care">care notes</a></p>` +
        `<div class="lens-modal" id="guide"><h3>Why polarised?</h3><p>${guide}</p></div>` +
        `<div class="elementor elementor-location-popup"><p>Book a one-hour session with a coach before your next interview and walk in ready.</p></div><p>${LONG}</p>`,
    );
    expect(text).not.toContain('Why polarised');
    expect(text).not.toContain('one-hour session');
    expect(text).toContain('Size guide');
    expect(text).toContain('care notes');
  });

  it('breadcrumbs and datelines at the top, credits and copyright at the end', () => {
    const { text } = clean(
      '<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul><p>Published: 10:48, Tue, Nov 19, 2019</p>' +
        `<p>${LONG}</p><p>${LONG}</p><p>Jane Roe contributed to this report.</p><p>© 2024 Example News. All rights reserved.</p>`,
    );
    expect(text).toBe(`${LONG} ${LONG}`);
  });
});

describe('removeBoilerplate on a listing', () => {
  const listing: BoilerplateProfile = {
    keepLinks: true,
    keep: new Set(['media', 'caption', 'meta']),
  };

  it('keeps media cards, which are the items of a listing', () => {
    const { text } = clean(
      `<p>${LONG}</p><a class="media-card" href="/recipes/soup"><img src="/soup.jpg" alt=""><span>Leek and potato soup</span></a>`,
      listing,
    );
    expect(text).toContain('Leek and potato soup');
  });

  it('drops a gallery whose links only open picture files', () => {
    const { text } = clean(
      `<p>${LONG}</p><div class="gallery"><a href="/uploads/board-1.png">board-1</a> <a href="/uploads/board-2.jpg?w=800">board-2</a></div>`,
      listing,
    );
    expect(text).not.toContain('board-1');
    expect(text).toContain('long paragraph of real article text');
  });
});
