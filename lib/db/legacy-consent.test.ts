import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GleanerDatabase } from './database';
import { withRecordedConsent } from './legacy-consent';
import type { StepRecord } from './records';

const step = (toolName: string | undefined, extra: Partial<StepRecord> = {}): StepRecord => ({
  id: `s-${toolName}`,
  runId: 'r',
  index: 0,
  kind: 'tool',
  status: 'done',
  ...(toolName ? { toolName } : {}),
  startedAt: 1,
  ...extra,
});

describe('consent declarations on stored steps', () => {
  it('gives old tool steps the declaration their tool had, and keeps recorded ones', () => {
    expect(withRecordedConsent(step('web_fetch')).consent).toBe('fetch');
    expect(withRecordedConsent(step('agentic_fetch')).consent).toBe('delegated');
    expect(withRecordedConsent(step('list_tabs')).consent).toBe('none');
    expect(withRecordedConsent(step('fetch', { consent: 'none' })).consent).toBe('none');
    expect(withRecordedConsent(step('unknown_tool')).consent).toBeUndefined();
    expect(withRecordedConsent(step(undefined, { kind: 'model' })).consent).toBeUndefined();
  });

  it('fills them in when a version 4 database is opened', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('gleaner', { indexedDB, IDBKeyRange });
    old.version(4).stores({
      sessions: 'id, updatedAt, parentSessionId',
      messages: 'id, [sessionId+seq], runId',
      runs: 'id, [sessionId+createdAt], status, parentRunId',
      steps: 'id, [runId+index]',
      consentRequests: 'id, runId, status',
      grants: 'id, &[kind+host]',
      fetchCache: 'key, expiresAt',
      pages: 'id, &[runId+name]',
    });
    await old.table('steps').bulkAdd([step('fetch'), step('web_search'), step('glob')]);
    old.close();
    const db = new GleanerDatabase({ indexedDB, IDBKeyRange });
    const steps = await db.steps.orderBy('id').toArray();
    expect(steps.map((stored) => [stored.toolName, stored.consent])).toEqual([
      ['fetch', 'fetch'],
      ['glob', 'none'],
      ['web_search', 'search'],
    ]);
    db.close();
  });
});
