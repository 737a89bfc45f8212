import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type MockLlm, messagesContaining, startMockLlm } from '../e2e/servers/mock-llm';
import { type FirefoxSession, launchFirefox } from './firefox';

const TEST_API_KEY = 'sk-test-e2e-0123456789';

describe('Firefox: settings and chat', () => {
  let firefox: FirefoxSession;
  let mockLlm: MockLlm;
  before(async () => {
    mockLlm = await startMockLlm();
    firefox = await launchFirefox();
  });
  after(async () => {
    await firefox?.close();
    await mockLlm?.close();
  });

  test('Test connection lists the endpoint models with the key sent as a Bearer token', async () => {
    const { panel } = firefox;
    await panel.waitForText('No model is configured yet');
    await panel.click('Set up a model');
    await panel.fillProviderForm({ baseUrl: mockLlm.url, apiKey: TEST_API_KEY });
    await panel.click('Test connection');
    await panel.waitForText('mock-small');
    await panel.waitForText('mock-large');
    const lists = mockLlm.requests.filter((request) => request.path === '/v1/models');
    assert.ok(lists.length > 0, 'Test connection should call GET /v1/models');
    assert.equal(lists.at(-1)?.headers.authorization, `Bearer ${TEST_API_KEY}`);
    await panel.save();
    await panel.backToChat();
    await panel.waitForNoText('No model is configured yet');
    assert.equal(mockLlm.chatRequests().length, 0);
  });

  test('streams a markdown answer and sends the question with a system prompt', async () => {
    const { panel } = firefox;
    const question = 'How many apples and pears are there?';
    mockLlm.enqueue({
      text: 'Here are the **counts**: three apples and five pears. That is all of them.',
      chunkSize: 6,
      delayMs: 15,
    });
    await panel.ask(question);
    await panel.expectAnswer('That is all of them.');
    await panel.expectIdle();
    const strong = await panel.page.$eval(
      'article[aria-label="Answer"] strong',
      (node) => node.textContent,
    );
    assert.equal(strong, 'counts', 'markdown is rendered, not shown raw');
    const [request] = mockLlm.chatRequests();
    assert.ok(request, 'the model should have been called');
    assert.equal(request.body.model, 'mock-large');
    assert.equal(request.body.stream, true);
    assert.equal(request.body.messages[0]?.role, 'system');
    assert.equal(messagesContaining(request.body, 'user', question).length, 1);
  });

  test('Settings → Language shows the panel in Russian, and Browser default brings English back', async () => {
    const { panel } = firefox;
    await panel.click('Settings');
    await panel.selectOption('Language', 'Русский');
    await panel.click('Save');
    // The bundled Russian messages, read by Gleaner itself: Firefox's own language is English.
    await panel.button('Новый чат');
    assert.equal(await panel.page.evaluate(() => document.documentElement.lang), 'ru');
    assert.ok(await panel.has('button', 'Настройки'));
    // The session list groups by day in Russian too, around the English question of the chat.
    await panel.click('Чаты');
    await panel.waitForText('Сегодня');
    await panel.waitForText('How many apples and pears are there?');

    await panel.click('Настройки');
    await panel.selectOption('Язык', 'Как в браузере');
    await panel.click('Сохранить');
    await panel.button('New chat');
    assert.equal(await panel.page.evaluate(() => document.documentElement.lang), 'en');
  });
});
