import type { GleanerDatabase } from '../db/database';
import {
  activeRunOf,
  createSession,
  newId,
  nextSeq,
  runSteps,
  titleFromMessage,
} from '../db/queries';
import type { MessageRecord, RunRecord } from '../db/records';
import { isStorageFullError } from '../db/storage-full';
import { inEnglish, local } from '../i18n/local-text';
import { CommandError } from '../messaging/command-error';
import { stripInvisible } from '../text/strip-invisible';
import { requestLeaving } from './request-leaving';
import type { RunDependencies } from './run-context';
import { executeRun, type RunOpening } from './run-loop';
import { SessionView } from './session-view';

/** Attached tabs are read by the extension first, as read_tab calls recorded in the run. */
function attachedTabsFields(runId: string, tabIds: number[] | undefined) {
  const unique = [...new Set(tabIds ?? [])];
  if (unique.length === 0) return {};
  return {
    attachedTabIds: unique,
    preludeCalls: unique.map((tabId) => ({
      id: `attached_tab_${tabId}_${runId.slice(0, 8)}`,
      name: 'read_tab',
      arguments: JSON.stringify({ tabId }),
    })),
  };
}

/** A message the browser has no room for is refused in words, before anything runs. */
async function refusedForSpace<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!isStorageFullError(error)) throw error;
    throw new CommandError(
      'Browser storage is full, so Gleaner cannot save your message. Your text is still in the ' +
        'box. To free space, delete or export old sessions in the Sessions list, then send again.',
    );
  }
}

/**
 * Starts, stops and resumes runs in the worker. A run is never executed inside the message
 * handler that asked for it: the handler stores the run and returns; the loop goes on alone.
 */
export class RunManager {
  private readonly active = new Map<
    string,
    { sessionId: string; controller: AbortController; done: Promise<RunRecord | undefined> }
  >();

  constructor(
    private readonly db: GleanerDatabase,
    /** Fresh dependencies per run, built by the composition root: settings are read per run. */
    private readonly dependenciesFor: () => Promise<RunDependencies>,
    private readonly onActiveChange: (activeRuns: number) => void = () => {},
    /** A message attaches these tabs: the worker starts reading them (lib/worker/tab-prefetch.ts). */
    private readonly onAttachedTabs: (tabIds: readonly number[]) => void = () => {},
  ) {}

  /** Whether this worker is writing the run now. */
  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  async start(input: {
    sessionId?: string;
    text: string;
    tabIds?: number[];
    searchWeb?: boolean;
    /** Regenerate: the user message whose turn this run answers again. */
    turnMessageId?: string;
    /** Answer without the web: the run offers no tool that fetches, searches or calls out. */
    withoutWeb?: boolean;
  }): Promise<{ sessionId: string; runId: string }> {
    // Pasted text can carry invisible characters too; they never reach the model or a title.
    const text = stripInvisible(input.text).trim();
    if (!text) throw new CommandError('The message is empty.');
    // Settings and tools are read while the chat is checked, not after.
    const preparing = this.dependenciesFor();
    // Awaited below; a refusal first must not leave its failure unhandled.
    preparing.catch(() => undefined);
    const given = input.sessionId;
    let loaded: SessionView | undefined;
    if (given) {
      // The session is read for the run while it is checked: the run starts from memory.
      const [session, storedActive, view] = await Promise.all([
        this.db.sessions.get(given),
        activeRunOf(this.db, given),
        SessionView.open(this.db, given),
      ]);
      if (!session) {
        throw new CommandError(
          'This chat no longer exists; it may have been deleted in another window.',
        );
      }
      if (storedActive || this.hasActiveRunIn(given)) {
        throw new CommandError(
          'An answer is already being written in this chat. Wait for it or press Stop first.',
        );
      }
      loaded = view;
    }
    // The attached tabs are read while the message is stored (the run takes the reads).
    if (input.tabIds?.length) this.onAttachedTabs(input.tabIds);
    const dependencies = await preparing;
    const runId = newId();
    const sessionId = given ?? newId();
    const view = loaded ?? SessionView.ofNewSession(this.db, sessionId);
    const now = Date.now();
    const last = view.messages.at(-1);
    const userMessage: MessageRecord = {
      id: newId(),
      sessionId,
      runId,
      role: 'user',
      content: text,
      status: 'done',
      seq: last ? last.seq + 1 : 0,
      createdAt: now,
    };
    const run: RunRecord = {
      id: runId,
      sessionId,
      userMessageId: userMessage.id,
      status: 'running',
      model: dependencies.settings.model,
      steps: 0,
      fetches: 0,
      budgetStart: 0,
      ...attachedTabsFields(runId, input.tabIds),
      ...(input.searchWeb ? { searchWeb: true } : {}),
      ...(input.turnMessageId ? { turnMessageId: input.turnMessageId } : {}),
      ...(input.withoutWeb ? { withoutWeb: true } : {}),
      createdAt: now,
      updatedAt: now,
    };
    // A new chat, its message and its run are stored together, in one transaction, once the
    // run's first request has left (request-leaving.ts), with the start of its first step: the
    // run builds the request from the same records in memory (session-view.ts), and the
    // answer's writes wait for this one. The reply waits for it too, so the panel clears the
    // composer only once the message is stored.
    const storing = view.openedBeside(
      { message: userMessage, run },
      // The writes are sent together: each one awaited alone is a round trip to storage, and
      // this transaction runs while the answer streams.
      async () => {
        if (!given) {
          await Promise.all([
            createSession(this.db, { id: sessionId, title: titleFromMessage(text) }, now),
            this.db.messages.add(userMessage),
            this.db.runs.add(run),
          ]);
          return userMessage;
        }
        // The message goes at the end of what is stored, were it more than the view read.
        const stored = { ...userMessage, seq: await nextSeq(this.db, sessionId) };
        await Promise.all([
          this.db.messages.add(stored),
          this.db.sessions.update(sessionId, { updatedAt: now }),
          this.db.runs.add(run),
        ]);
        return stored;
      },
      requestLeaving(),
    );
    this.launch(runId, sessionId, dependencies, { run, view, storing });
    try {
      await refusedForSpace(storing);
    } catch (error) {
      // Nothing of the run is stored: it ends here, its request (if it left) cut off.
      this.active.get(runId)?.controller.abort();
      throw error;
    }
    return { sessionId, runId };
  }

  async stop(runId: string): Promise<void> {
    const entry = this.active.get(runId);
    if (entry) {
      entry.controller.abort();
      await entry.done;
      return;
    }
    // Not running in this worker (e.g. left awaiting after a restart): settle it as stopped.
    const run = await this.db.runs.get(runId);
    if (
      run &&
      (run.status === 'running' ||
        run.status === 'awaiting-consent' ||
        run.status === 'interrupted')
    ) {
      await this.db.runs.update(runId, { status: 'stopped', updatedAt: Date.now() });
    }
  }

  async resume(runId: string): Promise<{ sessionId: string; runId: string }> {
    const run = await this.db.runs.get(runId);
    if (!run) throw new CommandError('This answer no longer exists.');
    if (this.active.has(runId)) throw new CommandError('This answer is already being written.');
    const resumable =
      run.status === 'interrupted' ||
      run.status === 'failed' ||
      (run.status === 'stopped' && run.error?.kind === 'limit');
    if (!resumable) throw new CommandError(`This answer is ${run.status} and cannot be resumed.`);
    const dependencies = await this.dependenciesFor();
    if (run.error?.kind === 'limit') {
      // Continue: a fresh budget, and repeated calls counted from here on.
      const steps = await runSteps(this.db, runId);
      await this.db.runs.update(runId, { steps: 0, fetches: 0, budgetStart: steps.length });
    }
    await this.db.runs.update(runId, {
      status: 'running',
      error: undefined,
      // What its footer said is out of date once it runs again; the end stores it anew.
      totals: undefined,
      updatedAt: Date.now(),
    });
    this.launch(runId, run.sessionId, dependencies);
    return { sessionId: run.sessionId, runId };
  }

  /** Stops every run of a session this worker is writing (before the session is deleted). */
  async stopSession(sessionId: string): Promise<void> {
    const running = [...this.active.entries()].filter(([, entry]) => entry.sessionId === sessionId);
    await Promise.all(running.map(([runId]) => this.stop(runId)));
  }

  private hasActiveRunIn(sessionId: string): boolean {
    return [...this.active.values()].some((entry) => entry.sessionId === sessionId);
  }

  private launch(
    runId: string,
    sessionId: string,
    dependencies: RunDependencies,
    /** A run just started: its records in memory, and their write. */
    opening?: RunOpening & { storing: Promise<unknown> },
  ): void {
    const controller = new AbortController();
    const done = executeRun(runId, dependencies, controller.signal, opening)
      .catch(async (error) => {
        // The message could not be stored (the start said why): there is no run to mark.
        if (
          opening &&
          !(await opening.storing.then(
            () => true,
            () => false,
          ))
        ) {
          return undefined;
        }
        console.error('Gleaner run failed unexpectedly', error);
        await this.db.runs.update(runId, {
          status: 'failed',
          error: {
            kind: 'internal',
            message: inEnglish(local('runInternalError', String(error))),
            i18n: local('runInternalError', String(error)),
          },
        });
        return (await this.db.runs.get(runId))!;
      })
      .finally(() => {
        this.active.delete(runId);
        this.onActiveChange(this.active.size);
      });
    this.active.set(runId, { sessionId, controller, done });
    this.onActiveChange(this.active.size);
  }
}
