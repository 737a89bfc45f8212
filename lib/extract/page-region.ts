import { fallbackContent } from './fallback-content';
import { listingRegion } from './listing-region';
import type { PageKind } from './page-kind';

/**
 * The content of a page that is not one article: Readability looks for the single block with the
 * most prose and so keeps one post of a thread, one tile of a listing or one panel of a product
 * page. A thread is read as its posts in order (each post's body, without the author card, vote
 * buttons and signature around it); any other page as its main region without the site chrome.
 */
export function pageRegion(document: Document, body: HTMLElement, kind: PageKind): Element {
  if (kind === 'forum') {
    const posts = postBodies(body);
    if (posts.length >= 2) return threadOf(document, body, posts);
  }
  if (kind === 'listing') return listingRegion(body);
  return fallbackContent(body);
}

/** Class tokens forum engines give the body of a post (phpBB, vBulletin, XenForo, Discourse, IPS, Stack Exchange). */
const POST_BODY_CLASS =
  /^(?:postbody|post-body|post_body|postcontent|post-content|post_content|post-message|message-body|message-content|messagecontent|message-text|messagetext|bbwrapper|cooked|topic-body|comment-body|comment-content|comment-text|comment-copy|js-post-body|s-prose|ipstype-richtext|ipscontained|entry-content|post-text|posttext|content-body)$/i;

/** Microdata for the text of a post or comment. */
const POST_TEXT_ITEMPROP = /^(?:text|articleBody|commentText)$/;

/**
 * The body of every post of a thread, outermost first in document order: elements whose class
 * or microdata marks a post's text. A match inside another match is not counted twice.
 */
function postBodies(body: HTMLElement): Element[] {
  const found: Element[] = [];
  for (const element of Array.from(body.querySelectorAll('[class], [itemprop]'))) {
    const itemprop = element.getAttribute('itemprop');
    const className = element.getAttribute('class');
    const isPost =
      (itemprop !== null && POST_TEXT_ITEMPROP.test(itemprop)) ||
      className?.split(/\s+/).some((token) => POST_BODY_CLASS.test(token));
    if (!isPost) continue;
    const last = found[found.length - 1];
    if (last?.contains(element)) continue;
    if ((element.textContent ?? '').trim().length === 0) continue;
    found.push(element);
  }
  return found;
}

function threadOf(document: Document, body: HTMLElement, posts: Element[]): Element {
  const thread = document.createElement('div');
  const heading = body.querySelector('h1');
  if (heading && !posts.some((post) => post.contains(heading))) thread.append(heading);
  for (const post of posts) {
    const wrapper = document.createElement('section');
    wrapper.append(...Array.from(post.childNodes));
    thread.append(wrapper);
  }
  return thread;
}
