import type { ConsentBroker } from '../consent/broker';
import type { GleanerDatabase } from '../db/database';
import type { RunRecord } from '../db/records';
import type { LocalText } from '../i18n/local-text';
import type { ChatModel } from '../llm/types';
import type { Settings } from '../settings/schema';
import type { ToolRegistry } from '../tools/registry';
import type { ToolServices } from '../tools/tool';
import type { TimedAppend } from './delta-coalescing';

/** A sentence under the answer: its English as stored, and its message key for the panel. */
export interface RunNotice {
  notice: string;
  noticeI18n?: LocalText;
}

/** Everything a run needs, handed in so the loop runs the same in the worker and in tests. */
export interface RunDependencies {
  db: GleanerDatabase;
  model: ChatModel;
  tools: ToolRegistry;
  services: ToolServices;
  settings: Settings;
  systemPrompt: string;
  consent: ConsentBroker;
  /**
   * Streaming text for the panel, faster than waiting for the stored copy: the cleaned `text`
   * that follows the first `offset` characters sent before (append-only), and the tail after it;
   * `at` is when its first text arrived from the model.
   */
  onTextDelta?: (messageId: string, append: TimedAppend) => void;
  /** The browser refused a write for lack of space (`full`), or took one again after that. */
  onStorageFull?: (sessionId: string, full: boolean) => void;
  /**
   * Said under the answer as it starts, in the extension's words: what this answer goes without
   * and why (an MCP server that could not be reached).
   */
  notices?: readonly RunNotice[];
  /** How often a streaming answer is written to the database (ms). */
  persistEveryMs?: number;
  now?: () => number;
}

export async function updateRun(
  dependencies: RunDependencies,
  runId: string,
  changes: Partial<RunRecord>,
): Promise<void> {
  const now = dependencies.now?.() ?? Date.now();
  await dependencies.db.runs.update(runId, { ...changes, updatedAt: now });
}
