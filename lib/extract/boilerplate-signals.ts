/**
 * The words that give boilerplate away, in markup (class, id, role) and in text. General
 * conventions of news sites, blogs and CMS themes, not the markup of any one site.
 */

export type MarkerKind =
  | 'chrome'
  | 'hidden'
  | 'dialog'
  | 'caption'
  | 'media'
  | 'share'
  | 'promo'
  | 'related'
  | 'comments'
  | 'bio'
  | 'meta'
  | 'ad';

/**
 * Classes that hide an element (Bootstrap, Tailwind, WordPress, screen-reader-only helpers),
 * unless a responsive class shows it again on wider screens. Webflow's style sheet hides a
 * form's outcome messages (`w-form-done`, `w-form-fail`: "Thank you! Your submission has been
 * received!", "Oops! Something went wrong…") until the form is sent.
 */
const HIDING_CLASS =
  /(?:^|\s)(?:hidden|hide|d-none|is-hidden|invisible|sr-only|screen-reader-text|screenreader|visually-hidden|visuallyhidden|off-?screen|element-invisible|a11y-hidden|u-hidden|hidden-text|w-form-done|w-form-fail)(?:\s|$)/i;

/**
 * The screen-reader-only helper under a design system's prefix ("wt-screen-reader-only",
 * "usa-sr-only", "u-srOnly", "cds--visually-hidden", "a-offscreen"): text read out, never
 * shown, such as "Regular price" before a price or "ad by Etsy seller" on a tile. Tailwind's
 * "not-sr-only" shows it again.
 */
const PREFIXED_HIDING_CLASS =
  /(?:^|\s)(?!not-)[a-z0-9]+(?:[-_]{1,2}[a-z0-9]+)*[-_]{1,2}(?:sr-?only|screen-?reader-?(?:only|text)?|visually-?hidden|off-?screen|assistive-text|a11y-hidden)(?:\s|$)/i;
const SHOWING_CLASS =
  /(?:^|\s)(?:(?:sm|md|lg|xl|2xl):(?:block|flex|grid|inline|inline-block|table)|d-(?:sm|md|lg|xl)-(?:block|flex|inline|grid))(?:\s|$)/;

/** Whole-token patterns, checked against "class id" split into lower-case words. */
const KIND_PATTERNS: [MarkerKind, RegExp][] = [
  // A modal, popup or popover (Bootstrap's `modal`, Elementor's `elementor-location-popup`,
  // Jetpack's `jetpack-subscribe-modal`) is a dialog the page shows only when it is opened:
  // what `role="dialog"` says, by name.
  ['dialog', /(?:^| )(?:modal|modals|popup|popups|pop up|popover|popovers)(?: |$)/],
  [
    'chrome',
    /(?:^| )(?:breadcrumbs?|crumbs|navbar|navigation|nav|menu|pagination|pager|skip(?:link)?|toolbar|masthead|site header|site footer|mw editsection|edit ?section|edit ?link|facets?|facet ?(?:nav|list|filters?)|filters? ?(?:bar|panel|sidebar|menu|list)|refinements?|sort ?by)(?: |$)/,
  ],
  [
    'caption',
    /caption|(?:^| )(?:credits?|photo ?credit|image ?credit|media ?credit|copyright|attribution)(?: |$)/,
  ],
  [
    'media',
    /(?:^| )(?:image|images|img|photo|photos|picture|pic|media|gallery|slideshow|carousel|lightbox|thumbnail|video|videos|video ?player|inline ?image|image ?embed|image ?wrapper|featured ?image|hero ?image|lead ?image|wp ?block ?image)(?: |$)/,
  ],
  [
    'share',
    /(?:^| )(?:share|shares|sharing|sharebar|sharetools|sharebuttons|social|socials|socialshare|social ?links|social ?media|addthis|sharethis|sharedaddy|shareaholic|a2a|follow ?us)(?: |$)|(?:^| )share ?(?:bar|box|buttons?|icons?|links?|tools?|container|wrapper|panel|menu)(?: |$)/,
  ],
  [
    'promo',
    /(?:^| )(?:newsletters?|newsletter ?signup|subscribe|subscription|subscriptions|signup|sign ?up|optin|opt ?in|cta|paywall|regwall|cookies?|cookie ?(?:banner|notice|consent|bar)|consent|gdpr|promo|promos|promotion|promoted|promotional|membership|donate|donation|app ?promo|download ?app|inline ?cta)(?: |$)/,
  ],
  [
    'related',
    /(?:^| )(?:related|related ?(?:posts?|articles?|stories|content|links|news|coverage)|recommended|recommendations?|outbrain|taboola|trending|most ?(?:read|popular|viewed)|popular ?posts|more ?(?:stories|articles|news|from|on)|read ?(?:more|next|also)|also ?read|see ?also|up ?next|next ?(?:story|article|post)|you ?may ?like|further ?reading|more ?like ?this|jp ?relatedposts|yarpp)(?: |$)/,
  ],
  [
    'comments',
    /(?:^| )(?:comments?|comment ?(?:list|section|form|area|count)|disqus|respond|replies|discussion|livefyre|fb ?comments)(?: |$)/,
  ],
  [
    'bio',
    /(?:^| )(?:author ?(?:bio|box|info|card|details|profile|about|block|footer)|about ?(?:the )?author|bio|biography|contributor ?bio|byline|bylines|article ?author|post ?author|entry ?author)(?: |$)/,
  ],
  // "text size" is a news site's font-size control; with a value ("text-size-large",
  // "font-size-h3", Webflow's and other frameworks' typography classes, or WordPress's
  // "has-small-font-size") it styles content.
  [
    'meta',
    /(?:^| )(?:dateline|timestamp|published|pubdate|post ?date|entry ?date|article ?date|date|time|updated|post ?meta|entry ?meta|article ?meta|meta ?data|entry ?footer|post ?footer|tags|tag ?list|tag ?cloud|post ?tags|entry ?tags|categories|topics|print|reprints?|(?<!has(?: [a-z0-9]+)+ )(?:text|font) ?size(?! (?:\w*\d\w*|x*s|x*l|m|sm|md|lg|x*small|x*large|regular|normal|medium|larger|smaller|tiny|huge|big|base)(?: |$)))(?: |$)/,
  ],
  [
    'ad',
    /(?:^| )(?:ad|ads|adv|advert|adverts|advertisement|advertising|ad ?(?:slot|unit|wrap|wrapper|container|box|block|label|placeholder)|adsense|dfp|gpt ?ad|sponsor|sponsors|sponsored|native ?ad|banner ?ad)(?: |$)/,
  ],
];

/** Class, id and data-testid text as lower-case words, camelCase split. */
export function markerWords(raw: string): string {
  return raw
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const NEGATED_TOKEN = /^(?:no|not|non|without|hide)[-_]/i;

/**
 * A control that opens or closes a dialog ("affirm-modal-trigger", "bulk-popup-open",
 * "trigger_modal_get_started"): its label is shown on the page, the dialog is elsewhere.
 */
const DIALOG_CONTROL_TOKEN =
  /(?:modal|popup|popover).*(?:^|[-_])(?:trigger|toggle|open|opener|btn|button|link|launcher)(?:$|[-_])|(?:^|[-_])(?:trigger|toggle|open|opener|btn|button|link|launcher)[-_].*(?:modal|popup|popover)/i;

/**
 * A CMS entity's publishing state (Drupal gives every paragraph and node `paragraph-published`
 * or `node--unpublished`): it says the block is live, not that it is a dateline.
 */
const PUBLISHING_STATE_TOKEN =
  /^(?:paragraph|node|entity|block|media|comment)(?:-{1,2}|_)(?:un)?published$/i;

/**
 * A feature switched on for the element ("subscription-eligible" on a shop's product card,
 * "sd-sharing-enabled"): it says what the element can do or what a script turned on, not what
 * the element is. Not `-active`: an open "menu-active" is still a menu.
 */
const STATE_TOKEN = /[a-z0-9][-_](?:eligible|enabled)$/i;

/**
 * A block that comes with a picture ("section-copy-with-media", "article-card--with-image"):
 * the picture is a part of it, not what it is.
 */
const WITH_MEDIA_PART =
  /(?:^|[-_]{1,2})with[-_]{1,2}(?:media|images?|img|photos?|pictures?|videos?|thumbnails?)(?=$|[-_])/gi;

// Pages repeat the same class strings many times over: judge each string once.
const kindByMarkup = new Map<string, MarkerKind | null>();

/** What an element's class, id or test id says it is, if boilerplate. */
export function markerKind(element: Element): MarkerKind | null {
  const className = element.getAttribute('class') ?? '';
  const id = element.getAttribute('id') ?? '';
  const testId = element.getAttribute('data-testid') ?? element.getAttribute('data-test') ?? '';
  if (!className && !id && !testId) return null;
  const key = `${className}\u0000${id}\u0000${testId}`;
  const known = kindByMarkup.get(key);
  if (known !== undefined) return known;
  const kind = judgeMarkup(className, `${className} ${id} ${testId}`);
  if (kindByMarkup.size > 10_000) kindByMarkup.clear();
  kindByMarkup.set(key, kind);
  return kind;
}

function judgeMarkup(className: string, raw: string): MarkerKind | null {
  if (
    (HIDING_CLASS.test(className) || PREFIXED_HIDING_CLASS.test(className)) &&
    !SHOWING_CLASS.test(className)
  ) {
    return 'hidden';
  }
  // Class tokens are judged whole: "no_caption" or "without-ads" says what a block is not.
  const words = markerWords(
    raw
      .split(/\s+/)
      .filter(
        (token) =>
          !NEGATED_TOKEN.test(token) &&
          !PUBLISHING_STATE_TOKEN.test(token) &&
          !STATE_TOKEN.test(token) &&
          !DIALOG_CONTROL_TOKEN.test(token),
      )
      .map((token) => token.replace(WITH_MEDIA_PART, ''))
      .join(' '),
  );
  if (!words) return null;
  for (const [kind, pattern] of KIND_PATTERNS) if (pattern.test(words)) return kind;
  return null;
}

/** A heading that opens a section of links or prompts, not of article text. */
export const BOILERPLATE_HEADING =
  /^(?:related(?: (?:articles?|stories|posts?|content|coverage|links|reading|news|topics))?|(?:more|other|latest|top|recent|popular|trending) (?:stories|articles|news|posts|headlines|videos|from .{1,40}|on .{1,40}|in .{1,40})|more great (?:.{1,30} )?stories|you (?:may|might|could) (?:also )?(?:like|enjoy|be interested in)|(?:we |you'll )?recommend(?:ed)?(?: for you| stories| articles| reading)?|recommended|read (?:next|more|also)|also read|see also|up next|what to read next|don'?t miss|most (?:read|popular|viewed|shared)|trending(?: now)?|popular(?: now| posts| stories)?|(?:\d+ )?comments?|leave a (?:comment|reply)|join the (?:conversation|discussion)|share (?:this|the) (?:article|story|post|page)|share(?: this)?|follow us|newsletter|sign up for .{1,60}|subscribe(?: to .{1,60})?|about the authors?|tags|filed under)[:.!]?$/i;

/** A short line that is boilerplate whatever surrounds it. */
export const BOILERPLATE_LINE = new RegExp(
  [
    // Ad and interruption labels.
    String.raw`^(?:advertisement|advertising|ad|sponsored(?: content)?|paid content|promoted|story continues below(?: advertisement)?|continue reading(?: below| the main story)?|article continues below|scroll to continue(?: with content)?|loading(?: content)?\W*|skip (?:to|this) (?:content|ad|advertisement))\W*$`,
    // Share and follow prompts: a line made only of share words, or "Share this article".
    String.raw`^(?:share|shares|tweet|pin it|email|e-mail|print|copy link|copy|save|facebook|twitter|x|linkedin|whatsapp|reddit|pinterest|flipboard|messenger|sms)(?:\W+(?:share|tweet|pin it|email|e-mail|print|copy link|copy|save|facebook|twitter|x|linkedin|whatsapp|reddit|pinterest|flipboard|messenger|sms|this|article|story|post|page|link|on|via))*\W*$`,
    String.raw`^share (?:this|the) (?:article|story|post|page|video|link)\b.{0,40}$`,
    String.raw`^click to tweet\W*$`,
    String.raw`^follow us(?: on .{1,60})?\W*$`,
    String.raw`^follow .{1,40} on (?:twitter|facebook|instagram|linkedin|youtube)\b.{0,60}$`,
    // Newsletter, subscription and app prompts.
    String.raw`\b(?:sign up|subscribe|register)\b.{0,60}\b(?:newsletters?|email (?:alerts|updates|list)|alerts|inbox)\b`,
    String.raw`\b(?:newsletters?|email alerts|alerts)\b.{0,80}\b(?:sign up|subscribe)\b`,
    String.raw`\b(?:delivered|straight|directly|right|sent) (?:to|in(?:to)?) your inbox\b`,
    String.raw`\bdelivered (?:to you )?(?:every|each|weekday|daily|weekly)\b`,
    String.raw`^(?:subscribe|sign up|sign in|log in|register)(?: now| today| here)?\W*$`,
    String.raw`^click here to (?:get|download|subscribe|sign up|join|read|see|watch|follow)\b`,
    String.raw`^(?:get|download) the .{1,40} app\b`,
    // Cookie notices.
    String.raw`\b(?:we|this (?:site|website)) uses? cookies\b`,
    String.raw`\bcookies?\b.{0,80}\b(?:accept|consent|agree|privacy|settings|preferences|browsing)\b`,
    // Labels screen readers and media players print.
    String.raw`^(?:image|photo|media|video) (?:copyright|caption|credit|source)\b`,
    '^media playback is (?:unsupported|not supported)',
    String.raw`^(?:comments?|\d+ comments?|leave a (?:comment|reply)|view comments|show comments|load comments|join the conversation)\W*$`,
  ].join('|'),
  'i',
);

/** A paragraph led by a label that introduces links to other stories. */
export const LINK_LIST_LABEL =
  /^(?:read more|more|related|related (?:articles?|stories|content|coverage)|see (?:also|more)|also read|read also|don'?t miss|must read|recommended|trending|latest|watch|listen|insight|opinion|more (?:on|from) .{1,40})\s*[:|>»\-–—]/i;

const DATELINE_PATTERNS = [
  String.raw`^(?:published|updated|posted|last (?:updated|modified)|first published|created|modified)\b`,
  String.raw`^(?:(?:mon|tue|wed|thu|fri|sat|sun)\w*,?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b.{0,40}$`,
  String.raw`^\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?,?\s+\d{4}\b.{0,40}$`,
  String.raw`^\d{4}-\d{2}-\d{2}\b.{0,30}$`,
];

/** "Published Nov 20, 2019", "Updated: 10:48, Tue, Nov 19, 2019", "2019-11-20". */
export const DATELINE = new RegExp(DATELINE_PATTERNS.join('|'), 'iu');

/** A dateline, or "By Jane Doe". */
export const BYLINE_OR_DATELINE = new RegExp(
  [String.raw`^by\s+\p{Lu}`, ...DATELINE_PATTERNS].join('|'),
  'iu',
);

/** Lines that close an article: credits, author notes, copyright and licence lines. */
export const TRAILING_CREDIT = new RegExp(
  [
    String.raw`\bcontributed (?:to )?(?:this )?(?:report|reporting|to this story|to this article)\b`,
    String.raw`^(?:additional )?(?:reporting|writing|editing|research) by\b`,
    String.raw`^(?:write to|contact|email|reach) .{1,60}\b(?:at|via)\b`,
    String.raw`^follow .{1,60}\bon (?:twitter|facebook|instagram|linkedin|threads|mastodon)\b`,
    String.raw`\b(?:is|was) an? (?:(?:senior|staff|contributing|freelance|associate|deputy|managing|chief) )*(?:reporter|writer|editor|correspondent|journalist|columnist|contributor|producer)\b`,
    String.raw`(?:©|\(c\)|copyright)\s*(?:\d{4}|[\p{Lu}])`,
    String.raw`\ball rights reserved\b`,
    String.raw`\bmay not be (?:published|reproduced|broadcast|rewritten|redistributed)\b`,
    String.raw`\bthis (?:document|article|material|content) is (?:subject to|protected by) copyright\b`,
    String.raw`^(?:more articles|all (?:posts|articles|stories)) (?:by|from)\b`,
    String.raw`^(?:tags?|topics?|filed under|categories|category)\s*:`,
    String.raw`^(?:source|via|sources)\s*:`,
  ].join('|'),
  'iu',
);

/**
 * How captions credit a picture: "(Photo: Jane Doe/AP)", "Image credit: NASA",
 * "Photo by Jane Doe/Getty Images". Only tested on short blocks next to or holding an image.
 */
export const PICTURE_CREDIT = new RegExp(
  [
    String.raw`\((?:image|photo|photograph|picture|credit|courtesy|pictured)s?\b[^)]{0,100}\)\W*$`,
    String.raw`^(?:image|photo|photograph|picture|pictured|credit|illustration)s?(?: credit)?\s*:`,
    String.raw`\b(?:photo|image|picture)s? credits?\s*:`,
    String.raw`\/\s*getty images\b`,
    String.raw`\bgetty images(?: for [^.]{1,40})?\W*$`,
    String.raw`\bphoto(?:graph)?s? by [^.]{1,60}(?:\/|getty|afp|reuters|\bap\b|shutterstock|istock)`,
  ].join('|'),
  'i',
);

/** A line that is only a picture credit: "(Image: © NASA)", "Photo: Jane Doe/AP". */
export const CREDIT_ONLY =
  /^(?:\((?:image|photo|photograph|picture|credit|courtesy|illustration)s?\b[^)]{0,100}\)|(?:image|photo|photograph|picture|credit|illustration)s?(?: credit)?\s*:[^.]{0,100})\W*$/i;
