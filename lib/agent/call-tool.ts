import type { z } from 'zod';
import { inEnglish, local } from '../i18n/local-text';
import { stripInvisible } from '../text/strip-invisible';
import type { ConsentPrompt, Tool, ToolContext, ToolOutcome } from '../tools/tool';
import { deniedMessage, servicesFor } from './consent-gate';
import type { Screening } from './request-screen';
import { RunAborted } from './run-aborted';

/** What a call ends with once every card it needed was answered. */
export type SettledOutcome = Exclude<ToolOutcome, { kind: 'ask-again' }>;

/** Everything a call needs from its run: the identity, the services, and how to ask. */
export interface ToolCallEnvironment extends Omit<ToolContext, 'approved' | 'continuation'> {
  /** Shows the card (or finds a grant that answers it) and waits for the user. */
  ask(prompt: ConsentPrompt): Promise<'allowed' | 'denied'>;
  /** Counts one network fetch against the answer's budget; says why not when it is spent. */
  spendFetch(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Checks a card before it is shown: refuse it outright, or add a warning in words. */
  screen?(prompt: ConsentPrompt): Promise<Screening>;
}

/** Cards one call may need after its first (redirects to other hosts); the tool says fewer. */
const MAX_FURTHER_CARDS = 10;

/** Declarations under which a card is shown before the tool runs. */
const ASKING = new Set(['tab', 'fetch', 'search', 'call']);

/**
 * Consent is enforced here, not trusted to the tool: before `execute` runs, the tool says what
 * the card shows for its arguments, the answer's fetch budget is counted, and the user is
 * asked (or a grant answers). A denial ends the call without running the tool, and the
 * services the tool gets reach only what the answered cards cover.
 */
export async function callTool<Parameters extends z.ZodType>(
  tool: Tool<Parameters>,
  args: z.infer<Parameters>,
  environment: ToolCallEnvironment,
): Promise<SettledOutcome> {
  const { ask, spendFetch, screen, ...base } = environment;
  const approved: ConsentPrompt[] = [];
  const services = servicesFor(
    base.services,
    tool.consent,
    approved,
    base.attachedTabIds,
    tool.name,
  );
  const context = (extra: Pick<ToolContext, 'approved' | 'continuation'> = {}): ToolContext => ({
    ...base,
    services,
    ...extra,
  });
  const answer = async (prompt: ConsentPrompt): Promise<SettledOutcome | undefined> => {
    if (prompt.kind === 'fetch') {
      const budget = await spendFetch();
      if (!budget.ok) return { kind: 'limit', message: budget.message };
    }
    const screening = (await screen?.(prompt)) ?? {};
    if (screening.refuse) {
      const notice = inEnglish(screening.refuse);
      return {
        kind: 'error',
        message: `${notice} Do not try this request again.`,
        i18n: screening.refuse,
        notice,
        noticeI18n: screening.refuse,
      };
    }
    // The card shows what a page chose (a tab's title): without its invisible characters.
    const shown: ConsentPrompt = { ...prompt, host: stripInvisible(prompt.host) };
    if (prompt.detail) shown.detail = stripInvisible(prompt.detail);
    if (prompt.asked) shown.asked = stripInvisible(prompt.asked);
    if (screening.warning) shown.warning = screening.warning;
    else delete shown.warning;
    if ((await ask(shown)) === 'denied') return { kind: 'denied', message: deniedMessage(shown) };
    approved.push(prompt);
    return undefined;
  };

  let prompt: ConsentPrompt | undefined;
  if (ASKING.has(tool.consent)) {
    const plan = await tool.consentFor?.(args, context());
    if (!plan) {
      const text = local('toolCannotAsk', tool.name);
      return { kind: 'error', message: inEnglish(text), i18n: text };
    }
    if (plan.kind === 'refuse') return plan.outcome;
    if (plan.kind === 'ask') prompt = plan.prompt;
  }
  let continuation: unknown;
  for (let card = 0; ; card++) {
    if (prompt) {
      const stopped = await answer(prompt);
      if (stopped) return stopped;
    }
    // A Stop that came while the card or the checks were being made ends the call here.
    if (base.signal.aborted) throw new RunAborted();
    const outcome = await tool.execute(args, context({ approved: prompt, continuation }));
    if (outcome.kind !== 'ask-again') return outcome;
    if (card >= MAX_FURTHER_CARDS) {
      const text = local('toolAskedTooOften', tool.name);
      return { kind: 'error', message: inEnglish(text), i18n: text };
    }
    prompt = outcome.prompt;
    continuation = outcome.continuation;
  }
}
