import Dexie from 'dexie';
import type { GleanerDatabase } from '../db/database';
import { newId } from '../db/queries';
import type { MessageRecord, RunRecord, StepRecord } from '../db/records';

/** What a run writes of a message: the rest (id, seq, createdAt) is given by the view. */
export type NewMessage = Omit<MessageRecord, 'id' | 'seq' | 'createdAt'> & {
  /** Given when the id must be known before the write (the panel is told of it at once). */
  id?: string;
  createdAt?: number;
};

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
    const session = await this.db.sessions.get(this.sessionId);
    if (session?.updatedAt === this.state.updatedAt) return false;
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
    const { db, sessionId } = this;
    let base: Loaded | undefined;
    let changes: Array<(state: Loaded) => Loaded> = [];
    const current = () => changes.reduce((state, change) => change(state), base ?? this.state);
    const result = await db.transaction(
      'rw',
      [db.sessions, db.messages, db.runs, db.steps],
      async () => {
        base = undefined;
        changes = [];
        // Whether the session moved is asked only by a write that depends on the rest of it:
        // an append (its place) or a change to a record the view does not hold.
        let checked = false;
        const fresh = async () => {
          if (checked) return;
          checked = true;
          const session = await db.sessions.get(sessionId);
          if (session?.updatedAt !== this.state.updatedAt) base = await load(db, sessionId);
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
            await db.messages.add(message);
            await db.sessions.update(sessionId, { updatedAt: createdAt });
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
        return work(writer);
      },
    );
    this.state = current();
    return result;
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
