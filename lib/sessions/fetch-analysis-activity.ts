import type { RunRecord, SessionRecord, StepRecord } from '../db/records';

/** A Fetch Analysis sub-agent as its parent's Activity shows it, under its agentic_fetch call. */
export interface FetchAnalysisActivity {
  session: SessionRecord;
  /** Oldest first (one, unless it was started again). */
  runs: RunRecord[];
  /** Every step of those runs, in order. */
  steps: StepRecord[];
}
