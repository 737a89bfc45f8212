import { describe, expect, it } from 'vitest';
import { seedSessions } from '../../../testing/seed-sessions';
import { createTestDatabase } from '../../../testing/test-database';
import type { RunManager } from '../../agent/run-manager';
import type { WorkerEvent } from '../../messaging/protocol';
import { buildJsonExport, readAllSessionBundles } from '../../sessions/export-session';
import { sessionHandlers } from './session-handlers';

describe('importSessions', () => {
  it('tells every open page how many sessions are stored after each batch', async () => {
    const source = createTestDatabase();
    await seedSessions(source);
    const json = buildJsonExport(await readAllSessionBundles(source));
    const events: WorkerEvent[] = [];
    // Import never touches runs: nothing runs in the imported sessions.
    const handlers = sessionHandlers(createTestDatabase(), {} as RunManager, (event) =>
      events.push(event),
    );
    const reply = await handlers.importSessions({ type: 'importSessions', json });
    expect(reply).toEqual({ imported: 2, alreadyHere: 0 });
    expect(events).toEqual([{ type: 'import-progress', stored: 2, total: 2 }]);
  });
});
