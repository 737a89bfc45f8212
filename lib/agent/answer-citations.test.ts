import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServices } from '../../testing/fake-services';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { sessionMessages } from '../db/queries';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { createToolRegistry } from '../tools/registry';
import { wrapUntrusted } from '../tools/support/untrusted';
import { defineTool, type Tool } from '../tools/tool';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://llm.test/v1',
  model: 'main-model',
};

const PAGES: Record<string, string> = {
  tides: 'The tide clock turns with the moon, not the sun. High water comes later each day.',
  bees: 'Bees dance to tell the hive where the flowers are.',
};

/** A tool that reads a made-up page and wraps it as every page-reading tool does. */
const readPage = defineTool({
  name: 'read_page',
  description: 'Reads a page, for tests.',
  parameters: z.object({ page: z.string() }),
  consent: 'none',
  async execute(args, context) {
    return {
      kind: 'result',
      content: wrapUntrusted(PAGES[args.page] ?? '', context.nonce, { source: args.page }),
      sources: [{ title: `About ${args.page}`, url: `https://${args.page}.test/page#intro` }],
    };
  },
});

/** A search that returns two results, as web_search does: cited only by snippet. */
const search = defineTool({
  name: 'search',
  description: 'Searches, for tests.',
  parameters: z.object({}),
  consent: 'none',
  async execute(_args, context) {
    return {
      kind: 'result',
      content: wrapUntrusted('Moon and tides: the moon pulls the sea.', context.nonce, {}),
      sources: [
        { title: 'Moon', url: 'https://moon.test/', snippet: true },
        { title: 'Sea', url: 'https://sea.test/', snippet: true },
      ],
    };
  },
});

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

async function answer(script: ScriptedReply[]) {
  const model = new ScriptedModel(script);
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry([readPage, search] as Tool[]),
    services: fakeServices(),
    settings,
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  const ids = await manager.start({ text: 'How do tides work?' });
  await manager.settled(ids.runId);
  const messages = await sessionMessages(db, ids.sessionId);
  return { model, final: messages.at(-1)! };
}

describe('citations in an answer', () => {
  it('numbers sources in the order they were read and tells the model each number', async () => {
    const { model } = await answer([
      {
        toolCalls: [
          { name: 'read_page', arguments: '{"page":"tides"}' },
          { name: 'search', arguments: '{}' },
          { name: 'read_page', arguments: '{"page":"tides"}' },
        ],
      },
      { text: 'Done.' },
    ]);
    const toolTexts = model.requests[1]!.messages.filter((message) => message.role === 'tool').map(
      (message) => String(message.content).split('\n').at(-1),
    );
    expect(toolTexts).toEqual([
      'Cite with: [1] https://tides.test/page#intro',
      'Cite with: [2] https://moon.test/; [3] https://sea.test/',
      'Cite with: [1] https://tides.test/page#intro',
    ]);
  });

  it('marks what the answer cites, keeps uncited pages and drops uncited search results', async () => {
    const { final } = await answer([
      {
        toolCalls: [
          { name: 'read_page', arguments: '{"page":"tides"}' },
          { name: 'read_page', arguments: '{"page":"bees"}' },
          { name: 'search', arguments: '{}' },
        ],
      },
      { text: 'Bees dance [2]; the moon pulls the sea [4]. A made-up [9] is ignored.' },
    ]);
    expect(final.sources?.map(({ number, url, cited }) => ({ number, url, cited }))).toEqual([
      { number: 1, url: 'https://tides.test/page#intro', cited: false },
      { number: 2, url: 'https://bees.test/page#intro', cited: true },
      { number: 4, url: 'https://sea.test/', cited: true },
    ]);
    expect(final.citations).toBeUndefined();
  });

  it('links a quote to its passage only when the words are in what the page said', async () => {
    const { final } = await answer([
      { toolCalls: [{ name: 'read_page', arguments: '{"page":"tides"}' }] },
      {
        text:
          'It says “The TIDE clock turns with the moon” [1], not "the clock follows the sun" [1]. ' +
          'Quoting Gleaner\'s own line "data from a web page" [1] proves nothing.',
      },
    ]);
    expect(final.citations).toEqual([
      {
        number: 1,
        quote: 'The TIDE clock turns with the moon',
        href: 'https://tides.test/page#:~:text=The%20tide%20clock%20turns%20with%20the%20moon',
      },
    ]);
  });

  it('never links a search snippet to a passage: it is not the page speaking', async () => {
    const { final } = await answer([
      { toolCalls: [{ name: 'search', arguments: '{}' }] },
      { text: '"the moon pulls the sea" [1]' },
    ]);
    expect(final.sources?.map((source) => source.url)).toEqual(['https://moon.test/']);
    expect(final.citations).toBeUndefined();
  });
});
