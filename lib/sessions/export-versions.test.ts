import { describe, expect, it } from 'vitest';
import { sessionsExportVersion1 } from '../../testing/fixtures/exports/sessions-export-version-1';
import { createTestDatabase } from '../../testing/test-database';
import { runSteps, sessionMessages, sessionRuns, topLevelSessions } from '../db/queries';
import { EXPORT_VERSION } from './export-session';
import { ImportError, importSessions } from './import-sessions';

const NOW = 1_800_000_000_000;

describe('an export file of format version 1', () => {
  it('is still the version today’s Gleaner writes', () => {
    // A new export version needs a fixture of the old one here, and import must keep reading it.
    expect(EXPORT_VERSION).toBe(1);
  });

  it('imports with its sessions, messages, runs and steps, the Fetch Analysis nested', async () => {
    const db = createTestDatabase();
    expect(await importSessions(db, sessionsExportVersion1, NOW)).toBe(2);

    const sessions = await topLevelSessions(db);
    expect(sessions.map((session) => session.title)).toEqual([
      'Plan a bee-friendly garden',
      'How warm must a beehive stay?',
    ]);
    const parent = sessions[1]!;
    expect((await sessionMessages(db, parent.id)).map((message) => message.content)).toEqual([
      'How warm must a beehive stay?',
      '',
      'The cluster keeps its core at about 35 °C.',
      'The core of the winter cluster stays near 35 °C.',
    ]);
    const [answer] = (await sessionMessages(db, parent.id)).slice(-1);
    expect(answer?.sources).toEqual([
      { title: 'Bees in winter', url: 'https://bees.example/winter', note: 'used 40%' },
    ]);
    const [parentRun] = await sessionRuns(db, parent.id);
    expect((await runSteps(db, parentRun!.id)).map((step) => step.toolName)).toEqual([
      'agentic_fetch',
    ]);

    const [child] = await db.sessions.where('parentSessionId').equals(parent.id).toArray();
    expect(child?.title).toBe('Fetch Analysis: bees in winter');
    expect(child?.parentToolCallId).toBe('call_e1_agentic');
    const [childRun] = await sessionRuns(db, child!.id);
    expect(childRun?.parentRunId).toBe(parentRun!.id);
    expect((await sessionMessages(db, child!.id)).map((message) => message.content)).toEqual([
      'Hive temperature?',
      'About 35 °C at the core.',
    ]);
    db.close();
  });

  it('stores the answer that was still running as stopped, with what it had written', async () => {
    const db = createTestDatabase();
    await importSessions(db, sessionsExportVersion1, NOW);
    const [running] = await topLevelSessions(db);
    const [run] = await sessionRuns(db, running!.id);
    expect(run).toMatchObject({ status: 'stopped', searchWeb: true, updatedAt: NOW });
    expect(run?.error?.kind).toBe('interrupted');
    const messages = await sessionMessages(db, running!.id);
    expect(messages.map((message) => [message.content, message.status])).toEqual([
      ['Plan a bee-friendly garden', 'done'],
      ['Start with lavender and', 'stopped'],
    ]);
    expect((await runSteps(db, run!.id)).map((step) => step.status)).toEqual(['interrupted']);
    db.close();
  });

  it('refuses a file of a version this Gleaner does not know, naming both versions', async () => {
    const db = createTestDatabase();
    const future = sessionsExportVersion1.replace('"version": 1', '"version": 2');
    await expect(importSessions(db, future)).rejects.toThrow(ImportError);
    await expect(importSessions(db, future)).rejects.toThrow(
      'The file is a Gleaner export of version 2, which this version of Gleaner cannot import (it reads version 1).',
    );
    expect(await db.sessions.count()).toBe(0);
    db.close();
  });
});
