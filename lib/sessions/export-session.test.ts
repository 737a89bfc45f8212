import { beforeEach, describe, expect, it } from 'vitest';
import { seedSessions } from '../../testing/seed-sessions';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import {
  buildJsonExport,
  buildMarkdownExport,
  exportFileName,
  readAllSessionBundles,
  readSessionBundle,
} from './export-session';

let db: GleanerDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await seedSessions(db);
});

const NOW = new Date('2026-11-29T12:00:00Z');

describe('JSON export', () => {
  it('holds one session with its messages, runs, steps and its Fetch Analysis child', async () => {
    const bundle = (await readSessionBundle(db, 's1'))!;
    const file = JSON.parse(buildJsonExport([bundle], NOW));
    expect(file).toMatchObject({
      format: 'gleaner-sessions',
      version: 1,
      exportedAt: '2026-11-29T12:00:00.000Z',
    });
    expect(file.sessions).toHaveLength(1);
    const [session] = file.sessions;
    expect(session.session.title).toBe('Tell me about bees');
    expect(session.messages.map((message: { id: string }) => message.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
    expect(session.runs.map((run: { id: string }) => run.id)).toEqual(['r1']);
    expect(session.steps.map((step: { id: string }) => step.id)).toEqual(['st1', 'st2']);
    expect(session.childSessions).toHaveLength(1);
    expect(session.childSessions[0].session).toMatchObject({
      id: 's1-child',
      parentToolCallId: 'call_1',
    });
    expect(session.childSessions[0].messages).toHaveLength(2);
    expect(session.childSessions[0].steps).toHaveLength(1);
  });

  it('exports every top-level session, children nested rather than listed again', async () => {
    const bundles = await readAllSessionBundles(db);
    expect(bundles.map((bundle) => bundle.session.id)).toEqual(['s2', 's1']);
  });

  it('never contains settings or an API key (they are not stored in Dexie)', async () => {
    const text = buildJsonExport(await readAllSessionBundles(db), NOW);
    expect(text).not.toMatch(/api.?key|apiKey|settings|Bearer|sk-/i);
    expect(db.tables.map((table) => table.name)).not.toContain('settings');
  });
});

describe('Markdown export', () => {
  it('reads as the conversation: question, tool call line, answer, sources, notice', async () => {
    const markdown = buildMarkdownExport((await readSessionBundle(db, 's1'))!, NOW);
    expect(markdown).toBe(
      [
        '# Tell me about bees',
        '',
        'Started 1970-01-01 00:00 UTC. Exported from Gleaner on 2026-11-29.',
        '',
        '## You',
        '',
        'Tell me about bees',
        '',
        '## Gleaner',
        '',
        '- Tool call: `agentic_fetch` (url: "https://garden.test/bees", prompt: "What do bees eat?")',
        '',
        'Bees eat nectar and pollen.',
        '',
        'Sources:',
        '',
        '- [All about \\[bees\\]](https://garden.test/bees) (used 62%)',
        '',
        '> One fetch was denied.',
        '',
      ].join('\n'),
    );
  });

  it('numbers sources as the answer cites them and marks the uncited ones', async () => {
    const bundle = (await readSessionBundle(db, 's1'))!;
    const answer = bundle.messages.find((message) => message.sources?.length)!;
    answer.sources = [
      { title: 'Bees', url: 'https://garden.test/bees', number: 2, cited: true },
      { title: 'Tab', url: 'https://tab.test/', number: 1, cited: false },
    ];
    const markdown = buildMarkdownExport(bundle, NOW);
    expect(markdown).toContain(
      '- [2] [Bees](https://garden.test/bees)\n- [1] [Tab](https://tab.test/) (also read)',
    );
  });

  it('leaves out tool results (raw page text)', async () => {
    const markdown = buildMarkdownExport((await readSessionBundle(db, 's1'))!, NOW);
    expect(markdown).not.toContain('RAW PAGE TEXT');
  });

  it('cuts long tool arguments to one short line', () => {
    const markdown = buildMarkdownExport(
      {
        session: { id: 's', title: 'T', createdAt: 0, updatedAt: 0 },
        messages: [
          {
            id: 'a',
            sessionId: 's',
            role: 'assistant',
            content: '',
            status: 'failed',
            toolCalls: [{ id: 'c', name: 'web_fetch', arguments: `{"url":"${'x'.repeat(500)}"}` }],
            createdAt: 0,
            seq: 0,
          },
        ],
        runs: [],
        steps: [],
        childSessions: [],
      },
      NOW,
    );
    const line = markdown.split('\n').find((text) => text.includes('web_fetch'))!;
    expect(line.length).toBeLessThan(160);
    expect(line).toContain('…');
    expect(markdown).toContain('_This answer is failed._');
  });
});

describe('exportFileName', () => {
  it('slugs the title and adds the date', () => {
    expect(exportFileName('Tell me about Bees & Wasps!', 'md', NOW)).toBe(
      'gleaner-tell-me-about-bees-wasps-2026-11-29.md',
    );
    expect(exportFileName('Café crème', 'json', NOW)).toBe('gleaner-cafe-creme-2026-11-29.json');
    expect(exportFileName('???', 'json', NOW)).toBe('gleaner-session-2026-11-29.json');
  });
});
