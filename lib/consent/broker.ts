import type { GleanerDatabase } from '../db/database';
import { addGrant, findGrant } from '../db/grants';
import { newId } from '../db/queries';
import type { ConsentKind, ConsentRequestRecord, GrantRecord } from '../db/records';

export interface ConsentQuestion {
  runId: string;
  sessionId: string;
  toolCallId: string;
  kind: ConsentKind;
  target: string;
  host: string;
  detail?: string;
  /** A fetch's address as written, when Gleaner upgraded it to https (`target`). */
  asked?: string;
  /** The address carries data from elsewhere: always asked, whatever grants say. */
  warning?: string;
  question: string;
}

export type ConsentAnswer = {
  requestId: string;
  decision: 'once' | 'always' | 'deny';
  /** The card's "Allow all fetches for this answer" checkbox. */
  allowAllForAnswer?: boolean;
};

export type ConsentOutcome = 'allowed' | 'denied';

export class ConsentAborted extends Error {
  override readonly name = 'ConsentAborted';
  constructor() {
    super('The answer was stopped while waiting for your permission.');
  }
}

function grantKindFor(kind: ConsentKind): GrantRecord['kind'] | undefined {
  if (kind === 'tool') return 'always-tool';
  return kind === 'fetch' ? 'always-fetch' : kind === 'search' ? 'always-search' : undefined;
}

/** What a standing grant is keyed on: a tool's grant is for its name at its endpoint or server. */
function grantHostFor(question: Pick<ConsentQuestion, 'kind' | 'target' | 'host'>): string {
  return question.kind === 'tool' ? `${question.target} at ${question.host}` : question.host;
}

/**
 * Stands between the model and the network (after Crush's permission service): a question is
 * stored as a pending request, the panel shows it as a card, and the first answer wins. Only the
 * user's answer, a standing grant or this answer's "allow all" can allow; nothing a tool's
 * arguments or a page says is consulted. Tabs never get a standing grant.
 */
export class ConsentBroker {
  private readonly waiting = new Map<string, (outcome: ConsentOutcome) => void>();

  constructor(
    private readonly db: GleanerDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the question is already answered by a grant or the run's "allow all". */
  async preapproved(question: ConsentQuestion): Promise<boolean> {
    const grantKind = grantKindFor(question.kind);
    if (!grantKind || question.warning) return false;
    // "This answer" includes its Fetch Analysis: the flag lives on the answer's own run.
    const run = await this.db.runs.get(question.runId);
    const flag = question.kind === 'tool' ? 'allowAllToolCalls' : 'allowAllFetches';
    if (run?.[flag]) return true;
    if (run?.parentRunId && (await this.db.runs.get(run.parentRunId))?.[flag]) return true;
    return (await findGrant(this.db, grantKind, grantHostFor(question))) !== undefined;
  }

  async ask(question: ConsentQuestion, signal: AbortSignal): Promise<ConsentOutcome> {
    if (await this.preapproved(question)) return 'allowed';
    if (signal.aborted) throw new ConsentAborted();
    const request: ConsentRequestRecord = {
      id: newId(),
      ...question,
      grantable: grantKindFor(question.kind) !== undefined,
      status: 'pending',
      createdAt: this.now(),
    };
    const outcome = new Promise<ConsentOutcome>((resolve) => this.waiting.set(request.id, resolve));
    await this.db.transaction('rw', this.db.consentRequests, this.db.runs, async () => {
      await this.db.consentRequests.add(request);
      await this.db.runs.update(question.runId, {
        status: 'awaiting-consent',
        updatedAt: this.now(),
      });
    });
    const onAbort = () => void this.expire(request.id);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await outcome;
      if (signal.aborted) throw new ConsentAborted();
      await this.db.runs.update(question.runId, { status: 'running', updatedAt: this.now() });
      return result;
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.waiting.delete(request.id);
    }
  }

  /**
   * The user's answer. The first one wins; answers for requests that are no longer pending
   * (answered in another panel, expired by a restart or a Stop) change nothing.
   */
  async answer(answer: ConsentAnswer): Promise<{ applied: boolean }> {
    const applied = await this.db.transaction(
      'rw',
      [this.db.consentRequests, this.db.grants, this.db.runs],
      async () => {
        const request = await this.db.consentRequests.get(answer.requestId);
        if (request?.status !== 'pending') return undefined;
        const allowed = answer.decision !== 'deny';
        await this.db.consentRequests.update(request.id, {
          status: allowed ? 'allowed' : 'denied',
          decision: answer.decision,
          decidedAt: this.now(),
        });
        const grantKind = grantKindFor(request.kind);
        if (allowed && answer.decision === 'always' && grantKind) {
          await addGrant(this.db, grantKind, grantHostFor(request), this.now());
        }
        if (allowed && answer.allowAllForAnswer && request.kind !== 'tab') {
          const run = await this.db.runs.get(request.runId);
          await this.db.runs.update(
            run?.parentRunId ?? request.runId,
            request.kind === 'tool' ? { allowAllToolCalls: true } : { allowAllFetches: true },
          );
        }
        return allowed ? ('allowed' as const) : ('denied' as const);
      },
    );
    if (!applied) return { applied: false };
    this.waiting.get(answer.requestId)?.(applied);
    return { applied: true };
  }

  private async expire(requestId: string): Promise<void> {
    await this.db.consentRequests
      .where('id')
      .equals(requestId)
      .and((request) => request.status === 'pending')
      .modify({ status: 'expired', decidedAt: this.now() });
    this.waiting.get(requestId)?.('denied');
  }

  /** At worker start: no one is waiting any more, so pending requests expire (Resume asks again). */
  async expireAllPending(): Promise<number> {
    return this.db.consentRequests
      .where('status')
      .equals('pending')
      .modify({ status: 'expired', decidedAt: this.now() });
  }
}
