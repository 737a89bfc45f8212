import Dexie from 'dexie';
import type { GleanerDatabase } from '../db/database';
import { newId } from '../db/queries';
import type { MessageRecord, RunRecord, StepRecord } from '../db/records';
import type { RequestLeaving } from './request-leaving';

/** What a run writes of a message: the rest (id, seq, createdAt) is given by the view. */
export type NewMessage = Omit<MessageRecord, 'id' | 'seq' | 'createdAt'> & {
  /** Given when the id must be known before the write (the panel is told of it at once). */
  id?: string;
  createdAt?: number;
};

/** Writes stored behind the loop: a message, new steps and changes to steps. */
export interface WriteBehind {
  append?: NewMessage;
  addSteps?: readonly StepRecord[];
  updateSteps?: ReadonlyArray<{ id: string; changes: Partial<StepRecord> }>;
  /** Other writes of the same transaction (the run's updatedAt). */
  alongside?: () => Promise<unknown>;
}

/** The writes of one transaction, applied to the view's memory once it has committed. */
export interface SessionWriter {
  /** Adds a message at the end of the session and touches the session's updatedAt. */
  append(fields: NewMessage): Promise<MessageRecord>;
  updateMessage(id: string, changes: Partial<MessageRecord>): Promise<void>;
  addStep(step: StepRecord): Promise<void>;
  updateStep(id: string, changes: Partial<StepRecord>): Promise<void>;
}

interface Loaded {
  updatedAt: number | undefined;
  messages: MessageRecord[];
  runs: RunRecord[];
  steps: Map<string, StepRecord[]>;
}

async function load(db: GleanerDatabase, sessionId: string): Promise<Loaded> {
  const [session, messages, runs] = await Promise.all([
    db.sessions.get(sessionId),
    db.messages
      .where('[sessionId+seq]')
      .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
      .toArray(),
    db.runs
      .where('[sessionId+createdAt]')
      .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
      .toArray(),
  ]);
  const steps = new Map<string, StepRecord[]>();
  const ofRuns = await Promise.all(
    runs.map((run) =>
      db.steps
        .where('[runId+index]')
        .between([run.id, Dexie.minKey], [run.id, Dexie.maxKey])
        .toArray(),
    ),
  );
  for (const [index, run] of runs.entries()) steps.set(run.id, ofRuns[index]!);
  return { updatedAt: session?.updatedAt, messages, runs, steps };
}

function withSteps(
  state: Loaded,
  runId: string,
  change: (steps: StepRecord[]) => StepRecord[],
): Loaded {
  const steps = new Map(state.steps);
  steps.set(runId, change(steps.get(runId) ?? []));
  return { ...state, steps };
}

function replaced<T extends { id: string }>(items: T[], id: string, changes: Partial<T>): T[] {
  return items.map((item) => (item.id === id ? { ...item, ...changes } : item));
}

/**
 * The session as a run's loop sees it: its messages, its runs and their steps, read from storage
 * when the run starts or resumes and kept in step with the run's own writes, so a pass of the
 * loop reads none of it again. A change from outside the run touches the session's updatedAt
 * (appendMessage does, and so does every append of this view): each pass, and each append,
 * compares that one field with the last value the view knows and reads the session again when
 * it moved. The run owns its answers and steps, so a change to one it holds is written whole.
 */
export class SessionView {
  /** Writes behind the loop already in memory whose transactions have not started yet. */
  private readonly queued: Array<() => Promise<void>> = [];
  /** The writes behind that started, one after another; a failure is the next write's. */
  private behind: Promise<void> = Promise.resolve();
  /** How many writes behind have not committed yet. */
  private unsettled = 0;
  /** What storage may say of the session's updatedAt while writes behind are not committed. */
  private readonly ownUpdatedAts = new Set<number | undefined>();
  /** A write behind found the session moved from outside: the view is read again. */
  private stale = false;
  /**
   * The run's opening (the user's message and the run, with a new chat's session) is being
   * stored; until it has committed, nothing outside the run knows of it, and a read would only
   * wait behind that write.
   */
  private opening = false;
  /**
   * The run's opening waits for its first request to leave: what is given to write meanwhile
   * is written in the opening's own transaction (the step's start), one commit instead of two.
   */
  private held: { leaving: RequestLeaving; joined: Array<() => Promise<() => void>> } | undefined;

  private constructor(
    private readonly db: GleanerDatabase,
    readonly sessionId: string,
    private state: Loaded,
  ) {}

  static async open(db: GleanerDatabase, sessionId: string): Promise<SessionView> {
    return new SessionView(
      db,
      sessionId,
      await db.transaction('r', [db.sessions, db.messages, db.runs, db.steps], () =>
        load(db, sessionId),
      ),
    );
  }

  /** A view of a chat that is not stored yet: it has nothing to read. */
  static ofNewSession(db: GleanerDatabase, sessionId: string): SessionView {
    return new SessionView(db, sessionId, {
      updatedAt: undefined,
      messages: [],
      runs: [],
      steps: new Map(),
    });
  }

  /**
   * The run's opening is the view's at once: the run's first request is built from memory while
   * it is stored. `store` writes it (and resolves with the user's message as stored) in a
   * transaction that starts once the request has left (`leaving`, request-leaving.ts); writes
   * given to `transactionOnceLeft` until then go in the same transaction. Every later write of
   * the view waits for it, so nothing of the answer is stored before the message it answers; if
   * it fails, so do they. Resolves as the opening's write does.
   */
  openedBeside(
    opening: { message: MessageRecord; run: RunRecord },
    store: () => Promise<MessageRecord>,
    leaving: RequestLeaving,
  ): Promise<MessageRecord> {
    const { db } = this;
    const { message, run } = opening;
    const held: NonNullable<SessionView['held']> = { leaving, joined: [] };
    this.held = held;
    if (this.unsettled === 0) this.ownUpdatedAts.clear();
    this.ownUpdatedAts.add(this.state.updatedAt);
    this.ownUpdatedAts.add(message.createdAt);
    this.state = {
      ...this.state,
      messages: [...this.state.messages, message],
      runs: [...this.state.runs, run],
      updatedAt: message.createdAt,
    };
    this.unsettled++;
    this.opening = true;
    const storing = leaving.left.then(async () => {
      if (this.held === held) this.held = undefined;
      const { stored, apply } = await db.transaction(
        'rw',
        [db.sessions, db.messages, db.runs, db.steps],
        async () => {
          const stored = await store();
          // Another writer added to the session meanwhile: the message went after what it
          // added, so the writes beside it read the session first, and so does the next step.
          if (stored.seq !== message.seq) this.stale = true;
          const apply: Array<() => void> = [];
          for (const write of held.joined) apply.push(await write());
          return { stored, apply };
        },
      );
      for (const change of apply) change();
      return stored;
    });
    this.behind = this.behind
      .then(() => storing)
      .then(() => {
        this.opening = false;
      })
      .finally(() => {
        this.unsettled--;
      });
    // A failed opening is the next write's failure (or the run's, which is stopped for it).
    this.behind.catch(() => undefined);
    return storing;
  }

  /**
   * The run's model request has left (its answer began, or it failed): an opening held back for
   * it starts its write (request-leaving.ts).
   */
  requestLeft(): void {
    this.held?.leaving.release();
  }

  /**
   * `transaction`, started once `left` resolves, or written in the run's opening's transaction
   * when the opening is still held back for the same request: a new chat's first step is then
   * one commit, not two one after the other.
   */
  transactionOnceLeft<T>(
    left: Promise<void>,
    work: (writer: SessionWriter) => Promise<T>,
  ): Promise<T> {
    const held = this.held;
    // Writes behind the loop given after the opening go before this one.
    if (!held || this.queued.length > 0) return left.then(() => this.transaction(work));
    return new Promise<T>((resolve, reject) => {
      let result: T;
      held.joined.push(async () => {
        const written = await this.writeIn(work, true);
        result = written.result;
        return written.apply;
      });
      this.behind.then(() => resolve(result), reject);
    });
  }

  /** Whether the run's opening has been stored (always, for a run read from storage). */
  get openingStored(): boolean {
    return !this.opening;
  }

  /** The session's messages in order. */
  get messages(): readonly MessageRecord[] {
    return this.state.messages;
  }

  /** The session's runs, oldest first, as they were when the view last read them. */
  get runs(): readonly RunRecord[] {
    return this.state.runs;
  }

  /** A run's steps in order. */
  stepsOf(runId: string): readonly StepRecord[] {
    return this.state.steps.get(runId) ?? [];
  }

  /** Every step of the session's runs, oldest run first. */
  sessionSteps(): StepRecord[] {
    return this.state.runs.flatMap((run) => this.stepsOf(run.id));
  }

  /** Reads the session again if something outside the run changed it; says whether it did. */
  async refreshIfChanged(): Promise<boolean> {
    if (this.opening) return false;
    const session = await this.db.sessions.get(this.sessionId);
    if (session?.updatedAt === this.state.updatedAt && !this.stale) return false;
    // Storage is behind the view by its own writes, not changed from outside.
    if (this.unsettled > 0 && this.ownUpdatedAts.has(session?.updatedAt)) return false;
    // What the view holds that storage does not yet is stored before the session is read again.
    await this.settle();
    this.stale = false;
    this.state = await this.db.transaction(
      'r',
      [this.db.sessions, this.db.messages, this.db.runs, this.db.steps],
      () => load(this.db, this.sessionId),
    );
    return true;
  }

  /**
   * Runs `work` in one read-write transaction and applies its writes to the view once the
   * transaction has committed: a transaction refused and tried again (storage full) leaves no
   * half-applied trace in memory. Transactions over the same tables run one after another, so
   * each starts from what the one before it wrote.
   */
  async transaction<T>(work: (writer: SessionWriter) => Promise<T>): Promise<T> {
    const { db } = this;
    // A write comes after every write behind the loop: storage keeps the order of the session.
    await this.settle();
    const { result, apply } = await db.transaction(
      'rw',
      [db.sessions, db.messages, db.runs, db.steps],
      // An async function: Dexie follows native awaits in the scope only of one.
      async () => await this.writeIn(work),
    );
    apply();
    return result;
  }

  /**
   * Runs `work` inside the caller's read-write transaction; `apply` puts its writes in the
   * view's memory, to be called once that transaction has committed.
   */
  private async writeIn<T>(
    work: (writer: SessionWriter) => Promise<T>,
    /** The transaction itself has just stored the session as the view holds it. */
    sessionKnown = false,
  ): Promise<{ result: T; apply: () => void }> {
    const { db, sessionId } = this;
    let base: Loaded | undefined;
    const changes: Array<(state: Loaded) => Loaded> = [];
    const current = () => changes.reduce((state, change) => change(state), base ?? this.state);
    // Whether the session moved is asked only by a write that depends on the rest of it: an
    // append (its place) or a change to a record the view does not hold.
    let checked = sessionKnown && !this.stale;
    const fresh = async () => {
      if (checked) return;
      checked = true;
      const session = await db.sessions.get(sessionId);
      if (session?.updatedAt !== this.state.updatedAt || this.stale) {
        base = await load(db, sessionId);
      }
    };
    const messageOf = (id: string) => current().messages.find((message) => message.id === id);
    const stepOf = (id: string) =>
      [...current().steps.values()].flat().find((step) => step.id === id);
    const writer: SessionWriter = {
      append: async (fields) => {
        await fresh();
        const last = current().messages.at(-1);
        const createdAt = fields.createdAt ?? Date.now();
        const message: MessageRecord = {
          ...fields,
          id: fields.id ?? newId(),
          seq: last ? last.seq + 1 : 0,
          createdAt,
        };
        await Promise.all([
          db.messages.add(message),
          db.sessions.update(sessionId, { updatedAt: createdAt }),
        ]);
        changes.push((state) => ({
          ...state,
          messages: [...state.messages, message],
          updatedAt: createdAt,
        }));
        return message;
      },
      updateMessage: async (id, update) => {
        if (!messageOf(id)) await fresh();
        const stored = messageOf(id);
        // The whole record is known: one put instead of a read and a write.
        if (stored) await db.messages.put({ ...stored, ...update });
        else await db.messages.update(id, update);
        changes.push((state) => ({ ...state, messages: replaced(state.messages, id, update) }));
      },
      addStep: async (step) => {
        await db.steps.add(step);
        changes.push((state) => withSteps(state, step.runId, (steps) => [...steps, step]));
      },
      updateStep: async (id, update) => {
        if (!stepOf(id)) await fresh();
        const stored = stepOf(id);
        if (!stored) {
          await db.steps.update(id, update);
          return;
        }
        await db.steps.put({ ...stored, ...update });
        changes.push((state) =>
          withSteps(state, stored.runId, (steps) => replaced(steps, id, update)),
        );
      },
    };
    const result = await work(writer);
    return {
      result,
      apply: () => {
        if (base) this.stale = false;
        this.state = current();
      },
    };
  }

  /**
   * Appends a message to the view at once and stores it (with its steps' changes) behind the
   * loop: its transaction starts only when the view is next written, read again from storage, or
   * settled, so a model request built from memory leaves before a large tool result is written.
   * Every later write of the view waits for it; if it fails, so do they.
   */
  writeBehind(
    writes: WriteBehind,
    /** How the transaction is run (tried again while storage is full). */
    store: (write: () => Promise<void>) => Promise<void> = (write) => write(),
  ): MessageRecord | undefined {
    const { db, sessionId } = this;
    const last = this.state.messages.at(-1);
    const createdAt = writes.append?.createdAt ?? Date.now();
    // What storage says of the session once the writes before this one have committed.
    const before = this.state.updatedAt;
    let message: MessageRecord | undefined = writes.append && {
      ...writes.append,
      id: writes.append.id ?? newId(),
      seq: last ? last.seq + 1 : 0,
      createdAt,
    };
    let state: Loaded = this.state;
    for (const step of writes.addSteps ?? []) {
      state = withSteps(state, step.runId, (held) => [...held, step]);
    }
    const steps = (writes.updateSteps ?? []).map(({ id, changes }) => {
      const held = [...state.steps.values()].flat().find((step) => step.id === id);
      if (!held) throw new Error(`Step ${id} is not in the session the run holds.`);
      return { ...held, ...changes };
    });
    for (const step of steps) {
      state = withSteps(state, step.runId, (held) => replaced(held, step.id, step));
    }
    if (this.unsettled === 0) this.ownUpdatedAts.clear();
    this.ownUpdatedAts.add(this.state.updatedAt);
    if (message) {
      this.ownUpdatedAts.add(createdAt);
      state = { ...state, messages: [...state.messages, message], updatedAt: createdAt };
    }
    this.state = state;
    this.unsettled++;
    this.queued.push(() =>
      store(() =>
        db.transaction('rw', [db.sessions, db.messages, db.runs, db.steps], async () => {
          for (const step of writes.addSteps ?? []) await db.steps.add(step);
          if (!message) {
            for (const step of steps) await db.steps.put(step);
            await writes.alongside?.();
            return;
          }
          const session = await db.sessions.get(sessionId);
          if (session?.updatedAt !== before) {
            // Another writer added to the session meanwhile: the message goes after what it
            // added, and the view reads the session again before its next step.
            const lastStored = await db.messages
              .where('[sessionId+seq]')
              .between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey])
              .last();
            message = { ...message, seq: lastStored ? lastStored.seq + 1 : 0 };
            this.stale = true;
          }
          await db.messages.add(message);
          await db.sessions.update(sessionId, { updatedAt: createdAt });
          for (const step of steps) await db.steps.put(step);
          await writes.alongside?.();
        }),
      ).finally(() => {
        this.unsettled--;
      }),
    );
    return message;
  }

  /** Starts the writes behind the loop, in order, and resolves once all have committed. */
  settle(): Promise<void> {
    for (const write of this.queued.splice(0)) this.behind = this.behind.then(write);
    return this.behind;
  }

  /** One write in a transaction of its own. */
  append(fields: NewMessage): Promise<MessageRecord> {
    return this.transaction((writer) => writer.append(fields));
  }

  updateMessage(id: string, changes: Partial<MessageRecord>): Promise<void> {
    return this.transaction((writer) => writer.updateMessage(id, changes));
  }

  updateStep(id: string, changes: Partial<StepRecord>): Promise<void> {
    return this.transaction((writer) => writer.updateStep(id, changes));
  }

  addStep(step: StepRecord): Promise<void> {
    return this.transaction((writer) => writer.addStep(step));
  }
}
