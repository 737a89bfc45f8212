import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { createToolRegistry } from '../tools/registry';
import { mainSystemPrompt } from './main-system-prompt';

describe('the answer language', () => {
  it('tells the model, in the English system prompt, to answer a Chinese question in Chinese', async () => {
    const db = createTestDatabase();
    const model = new ScriptedModel([{ text: '潮汐钟每天调两次。' }]);
    const manager = runHarness(db, () => ({
      model,
      tools: createToolRegistry([]),
      services: fakeServices(),
      settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://localhost:1/v1', model: 'main-model' },
      systemPrompt: mainSystemPrompt(new Date('2026-12-01T10:00:00Z')),
      persistEveryMs: 0,
    }));
    const { runId } = await manager.start({ text: '潮汐钟多久校准一次？' });
    await manager.settled(runId);

    const [system, question] = model.requests[0]!.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/^You are Gleaner/);
    expect(system?.content).toContain(
      "Answer in the language of the user's latest message (a question in Chinese gets its answer in Chinese",
    );
    expect(system?.content).toContain('unless the user asks for another language');
    expect(question).toEqual({ role: 'user', content: '潮汐钟多久校准一次？' });
  });
});
