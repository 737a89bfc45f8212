/**
 * How much of a page the model gets. Pages share half of the context window (the rest is for
 * the conversation, the instructions and the answer); each page gets an equal share. A page over
 * its share is cut at a paragraph or line break, never silently: the caller tells the user and the
 * model how much was included.
 */
const CHARS_PER_TOKEN = 4;
const PAGE_SHARE_OF_CONTEXT = 0.5;
const MIN_PAGE_TOKENS = 512;

export function pageBudgetChars(contextWindow: number, pages: number): number {
  const tokens = Math.max(
    MIN_PAGE_TOKENS,
    Math.floor((contextWindow * PAGE_SHARE_OF_CONTEXT) / Math.max(1, pages)),
  );
  return tokens * CHARS_PER_TOKEN;
}

export interface BudgetedText {
  text: string;
  /** Characters included, from `offset`. */
  included: number;
  total: number;
  /** Share of the whole page included, 0-100. */
  percent: number;
  /** Where the next part starts, when more remains. */
  nextOffset?: number;
}

export function fitToBudget(text: string, budgetChars: number, offset = 0): BudgetedText {
  const total = text.length;
  const start = Math.min(Math.max(0, offset), total);
  const rest = text.slice(start);
  if (rest.length <= budgetChars) {
    return {
      text: rest,
      included: rest.length,
      total,
      percent: total ? Math.round((rest.length / total) * 100) : 100,
    };
  }
  let cut = rest.lastIndexOf('\n\n', budgetChars);
  if (cut < budgetChars * 0.7) cut = rest.lastIndexOf('\n', budgetChars);
  if (cut < budgetChars * 0.7) cut = budgetChars;
  const text_ = rest.slice(0, cut);
  return {
    text: text_,
    included: text_.length,
    total,
    percent: Math.max(1, Math.round((text_.length / total) * 100)),
    nextOffset: start + cut,
  };
}
