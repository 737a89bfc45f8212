import { estimateTokens } from '../../llm/token-estimate';

/**
 * Facts a summary must not lose: numbers with their units, amounts, percentages, dates, names,
 * URLs and identifiers, plus the kinds a person adds in Settings (Keep verbatim). Found by plain
 * patterns, not by a model, so the check of a summary against its original is deterministic.
 */
type FactKind =
  | 'url'
  | 'email'
  | 'date'
  | 'amount'
  | 'percent'
  | 'quantity'
  | 'number'
  | 'identifier'
  | 'name'
  | 'custom';

export interface Fact {
  kind: FactKind;
  /** The fact exactly as the original writes it. */
  text: string;
  /** Where it starts in the original. */
  index: number;
}

const EN_MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const RU_MONTH =
  '(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь)';
/** A number as people write it: 1,200.50, 1 200,5 (space or no-break space groups), 0.5. */
const NUMBER = '\\d{1,3}(?:[,\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?';
const CURRENCY_SYMBOL = '[$€£¥₽₹₩]';
const CURRENCY_WORD =
  '(?:USD|EUR|GBP|CNY|RMB|JPY|RUB|CHF|INR|dollars?|euros?|pounds?|yuan|rubles?|roubles?|美元|欧元|英镑|日元|人民币|万元|亿元|元|руб(?:лей|ля|ль)?\\.?|долларов|доллара|доллар|евро|₽)';
const SCALE = '(?:\\s?(?:million|billion|thousand|bn|mln|k|万|亿|тыс\\.?|млн|млрд))?';
const LATIN_UNIT =
  '(?:kg|mg|g|km|cm|mm|m|mi|ft|in|lb|oz|ml|l|TB|GB|MB|KB|kB|GHz|MHz|Hz|kWh|kW|W|V|mAh|°C|°F|ms|sec|min|hours?|hrs?|h|days?|weeks?|months?|years?|pages?|tokens?|words?|items?|people|users|times|steps?|rounds?)';
const CYRILLIC_UNIT =
  '(?:кг|мг|г|км|см|мм|м|мл|л|ГБ|МБ|шт\\.?|дней|дня|день|лет|года|год|месяцев|месяца|недель|часов|часа|час|минут|секунд|страниц|страницы|человек|раз)';
const CJK_UNIT =
  '(?:公里|千米|厘米|毫米|米|公斤|千克|克|小时|分钟|秒|周|个月|个|天|年|页|次|人|件|条|台|家|项|份|倍|轮|岁|张|吨)';
const COMMON_SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const CJK_TITLES = '(?:先生|女士|教授|博士|经理|总监|律师|老师|医生|主任|院士|董事长|总经理)';
const CJK_ORG_SUFFIX =
  '(?:股份有限公司|有限责任公司|有限公司|公司|集团|银行|大学|学院|研究院|研究所|医院|委员会|事务所|中心)';
/** Words that open a clause before an organisation's name and are not part of it. */
const CJK_LEADING_WORDS = /^(?:甲方|乙方|丙方|由|与|和|及|向|在|是|为|的|被|将|把|对|据|同|跟)+/u;

/** Kinds in the order their patterns are tried; an earlier kind wins a tie on the same text. */
const PATTERNS: ReadonlyArray<[FactKind, RegExp]> = [
  ['url', /\bhttps?:\/\/[^\s<>"'`，。、）)\]}]+/gu],
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu],
  ['date', /\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?\b/gu],
  ['date', /\b\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})\b/gu],
  ['date', new RegExp(`\\b${EN_MONTH}\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}\\b`, 'gu')],
  ['date', new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? ${EN_MONTH}\\.?,? \\d{4}\\b`, 'gu')],
  ['date', new RegExp(`\\b${EN_MONTH} \\d{4}\\b`, 'gu')],
  ['date', /\d{4}\s?年\s?\d{1,2}\s?月(?:\s?\d{1,2}\s?[日号])?|\d{1,2}月\d{1,2}[日号]/gu],
  ['date', new RegExp(`\\b\\d{1,2} ${RU_MONTH}(?: \\d{4}(?: г\\.| года)?)?`, 'gu')],
  [
    'percent',
    new RegExp(`[-+]?(?:${NUMBER})\\s?(?:%|％|percent\\b|per cent\\b|процент(?:а|ов)?)`, 'gu'),
  ],
  ['percent', /百分之[\d一二三四五六七八九十百千点.]+/gu],
  ['amount', new RegExp(`${CURRENCY_SYMBOL}\\s?(?:${NUMBER})${SCALE}`, 'gu')],
  [
    'amount',
    new RegExp(`\\b(?:USD|EUR|GBP|CNY|RMB|JPY|RUB|CHF|INR)\\s?(?:${NUMBER})${SCALE}`, 'gu'),
  ],
  ['amount', new RegExp(`(?:${NUMBER})${SCALE}\\s?${CURRENCY_WORD}(?![\\p{L}])`, 'gu')],
  ['quantity', new RegExp(`(?:${NUMBER})\\s?${LATIN_UNIT}(?![\\p{L}\\d])`, 'gu')],
  ['quantity', new RegExp(`(?:${NUMBER})\\s?${CYRILLIC_UNIT}(?![\\p{L}\\d])`, 'gu')],
  ['quantity', new RegExp(`(?:${NUMBER})\\s?${CJK_UNIT}`, 'gu')],
  ['identifier', /\b(?=[\w./-]*\d)(?=[\w./-]*[A-Za-z])[A-Za-z\d]+(?:[-_/.][A-Za-z\d]+)+\b/gu],
  ['identifier', /\b(?=\w*\d)[A-Z]+\d[A-Z\d]*\b|\b[0-9a-f]{7,40}\b(?=[^\w]|$)/gu],
  ['number', /(?<![\w.,])\d+(?:[.,]\d+)+(?![\w])|(?<![\w.,])\d{2,}(?![\w])/gu],
  ['name', /《[^《》\n]{1,40}》|「[^「」\n]{1,40}」|『[^『』\n]{1,40}』|«[^«»\n]{1,60}»/gu],
  ['name', new RegExp(`[\\p{Script=Han}]{2,12}?${CJK_ORG_SUFFIX}`, 'gu')],
  ['name', new RegExp(`[${COMMON_SURNAMES}][\\p{Script=Han}]{1,2}(?=${CJK_TITLES})`, 'gu')],
  ['name', /[\p{Script=Katakana}ー]{3,}/gu],
  // Capitalised words in Latin or Cyrillic script: runs of them ("Acme Holdings", "Иван
  // Петров"), or a single one that does not open a sentence.
  [
    'name',
    /(?:\p{Lu}[\p{Ll}'’-]+)(?:[ \u00a0](?:\p{Lu}[\p{Ll}'’-]+|of|de|van|von|der|la))*[ \u00a0]\p{Lu}[\p{Ll}'’-]+/gu,
  ],
  ['name', /(?<=[\p{Ll},;:] )\p{Lu}[\p{Ll}'’-]{2,}/gu],
];

/** Trailing punctuation a URL written in a sentence ends with but does not contain. */
function trimFact(kind: FactKind, text: string): string {
  if (kind === 'url') return text.replace(/[.,;:!?'"]+$/u, '');
  if (kind === 'name') return text.replace(CJK_LEADING_WORDS, '');
  return text.trim();
}

function matchesOf(text: string, kind: FactKind, pattern: RegExp): Fact[] {
  const found: Fact[] = [];
  const global = pattern.flags.includes('g')
    ? pattern
    : new RegExp(pattern.source, `${pattern.flags}g`);
  global.lastIndex = 0;
  for (const match of text.matchAll(global)) {
    const raw = match[0];
    if (raw === '') continue;
    const trimmed = trimFact(kind, raw);
    if (trimmed === '') continue;
    found.push({ kind, text: trimmed, index: (match.index ?? 0) + raw.indexOf(trimmed) });
  }
  return found;
}

/**
 * Every fact in `text`, each once, in the order they appear. Where matches overlap the longest
 * one wins (the amount "$1,200" over the number "1,200"); `custom` patterns come from Keep
 * verbatim and win ties.
 */
export function extractFacts(text: string, custom: readonly RegExp[] = []): Fact[] {
  const candidates: Fact[] = [
    ...custom.flatMap((pattern) => matchesOf(text, 'custom', pattern)),
    ...PATTERNS.flatMap(([kind, pattern]) => matchesOf(text, kind, pattern)),
  ];
  // Stable sort: longer first at the same start, earlier kind first on equal length.
  candidates.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  const kept: Fact[] = [];
  let coveredUntil = -1;
  for (const fact of candidates) {
    if (fact.index < coveredUntil) {
      const last = kept.at(-1);
      // A custom pattern inside a built-in match is still the user's kind of fact.
      if (fact.kind !== 'custom' || !last || last.index + last.text.length < fact.index) continue;
    }
    kept.push(fact);
    coveredUntil = Math.max(coveredUntil, fact.index + fact.text.length);
  }
  const seen = new Set<string>();
  return kept.filter((fact) => {
    const key = normalise(fact.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Spaces and case do not make a fact different ("0.5 %" keeps "0.5%"). */
function normalise(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]+/gu, '')
    .replace(/％/gu, '%')
    .toLowerCase();
}

/** The facts of `original` that `summary` does not contain verbatim (spaces and case aside). */
export function missingFacts(facts: readonly Fact[], summary: string): Fact[] {
  const plain = normalise(summary);
  return facts.filter((fact) => !plain.includes(normalise(fact.text)));
}

const SENTENCE_END = /[.!?。！？;；\n]/u;
const SNIPPET_MAX = 160;

/** The sentence of `original` the fact stands in, cut around the fact when it is long. */
function snippetOf(original: string, fact: Fact): { start: number; end: number } {
  let start = fact.index;
  while (start > 0 && !SENTENCE_END.test(original[start - 1]!)) start--;
  let end = fact.index + fact.text.length;
  // A full stop inside a number or a URL ("0.5", "example.com") does not end the sentence.
  while (end < original.length) {
    const char = original[end]!;
    if (SENTENCE_END.test(char) && !/[\w]/u.test(original[end + 1] ?? ' ')) {
      end++;
      break;
    }
    end++;
  }
  if (end - start > SNIPPET_MAX) {
    const around = Math.max(0, Math.floor((SNIPPET_MAX - fact.text.length) / 2));
    start = Math.max(start, fact.index - around);
    end = Math.min(end, fact.index + fact.text.length + around);
  }
  return { start, end };
}

export const PUT_BACK_HEADING = 'Kept verbatim from the original:';

/**
 * Which lost facts are put back first when not all of them fit: the kinds a person asked for in
 * Keep verbatim, then the figures a later answer is most likely to be asked about (amounts,
 * percentages, dates, quantities), then identifiers and addresses, and names last (the summary
 * usually keeps the names it needs, and they are the most plentiful).
 */
const PUT_BACK_ORDER: readonly FactKind[] = [
  'custom',
  'amount',
  'percent',
  'date',
  'quantity',
  'identifier',
  'url',
  'email',
  'number',
  'name',
];

/** A sentence of the original to put back, and the lost facts it holds. */
interface PutBackLine {
  start: number;
  end: number;
  facts: Fact[];
  /** Its most important fact's place in PUT_BACK_ORDER. */
  rank: number;
}

function rankOf(fact: Fact): number {
  return PUT_BACK_ORDER.indexOf(fact.kind);
}

/** The summary cut at the last sentence end that keeps it within `maxTokens`. */
function cutSummary(summary: string, maxTokens: number): string {
  if (estimateTokens(summary) <= maxTokens) return summary;
  let end = Math.floor(summary.length * (maxTokens / estimateTokens(summary)));
  while (end > 0 && estimateTokens(`${summary.slice(0, end)} …`) > maxTokens) {
    end = Math.floor(end * 0.95);
  }
  const head = summary.slice(0, end);
  const sentence = Math.max(...[...'.!?。！？\n'].map((mark) => head.lastIndexOf(mark)));
  const cut = sentence > end * 0.5 ? head.slice(0, sentence + 1) : head;
  return `${cut.trimEnd()} …`;
}

export interface PutBack {
  /** The summary with the lost facts' sentences after it. */
  text: string;
  /** The facts put back. */
  restored: string[];
  /** How many lost facts did not fit the budget and were left out. */
  leftOut: number;
}

/**
 * Checks a summary against its original and puts back, verbatim, the facts the summary lost:
 * each with the sentence it stands in, so "0.5%" comes back as "违约金比例是 0.5%。" and not as a
 * bare number. Sentences holding several lost facts are put back once.
 *
 * The summary and what is put back together stay within `maxTokens` (the room the fitting
 * policy gave the summary): when not every sentence fits, the most important kinds go first
 * (PUT_BACK_ORDER) and the rest are counted in `leftOut`. A summary that alone takes more than
 * three quarters of the room is cut, so the facts always keep a quarter of it.
 */
export function putBackFacts(
  original: string,
  summary: string,
  custom: readonly RegExp[] = [],
  maxTokens = Number.POSITIVE_INFINITY,
): PutBack {
  const lost = missingFacts(extractFacts(original, custom), summary);
  const kept = cutSummary(summary, lost.length === 0 ? maxTokens : Math.floor(maxTokens * 0.75));
  if (lost.length === 0) return { text: kept, restored: [], leftOut: 0 };
  const lines: PutBackLine[] = [];
  for (const fact of lost) {
    const span = snippetOf(original, fact);
    const last = lines.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      last.facts.push(fact);
      last.rank = Math.min(last.rank, rankOf(fact));
    } else {
      lines.push({ ...span, facts: [fact], rank: rankOf(fact) });
    }
  }
  const textOf = (line: PutBackLine) =>
    `- ${original.slice(line.start, line.end).replace(/\s+/gu, ' ').trim()}`;
  const compose = (chosen: readonly PutBackLine[]) =>
    chosen.length === 0
      ? kept
      : `${kept.trimEnd()}\n\n${PUT_BACK_HEADING}\n${[...chosen]
          .sort((a, b) => a.start - b.start)
          .map(textOf)
          .join('\n')}`;
  // Most important first; among equals, the earlier in the original (older facts have been
  // carried longest, and a summary of a summary keeps them in the same order).
  const byImportance = [...lines].sort((a, b) => a.rank - b.rank || a.start - b.start);
  // Counted part by part (a sum of rounded-up parts is never below the whole), then checked.
  let used = estimateTokens(`${kept.trimEnd()}\n\n${PUT_BACK_HEADING}`);
  const chosen: PutBackLine[] = [];
  for (const line of byImportance) {
    const cost = estimateTokens(`\n${textOf(line)}`);
    if (used + cost > maxTokens) continue;
    chosen.push(line);
    used += cost;
  }
  while (chosen.length > 0 && estimateTokens(compose(chosen)) > maxTokens) chosen.pop();
  const restored = [...chosen]
    .sort((a, b) => a.start - b.start)
    .flatMap((line) => line.facts.map((fact) => fact.text));
  return { text: compose(chosen), restored, leftOut: lost.length - restored.length };
}
