import type { ConsentDeclaration, StepRecord } from './records';

/**
 * The consent declarations of the built-in tools before steps recorded them (schema v4 and
 * exports made then). Frozen history: new tools record their own declaration on every step.
 */
const DECLARED_BEFORE_V5: Record<string, ConsentDeclaration> = {
  list_tabs: 'none',
  read_tab: 'tab',
  fetch: 'fetch',
  agentic_fetch: 'delegated',
  web_fetch: 'fetch',
  web_search: 'search',
  view: 'none',
  grep: 'none',
  glob: 'none',
};

/** A step as today's code reads it: tool steps carry their tool's consent declaration. */
export function withRecordedConsent(step: StepRecord): StepRecord {
  if (step.kind !== 'tool' || step.consent || !step.toolName) return step;
  const declared = DECLARED_BEFORE_V5[step.toolName];
  return declared ? { ...step, consent: declared } : step;
}
