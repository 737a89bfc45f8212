import { expect, test } from './fixtures';
import { messagesContaining } from './servers/mock-llm';

test.describe('sessions', () => {
  test('sessions can be searched by title, renamed and deleted after confirming', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const apples = 'Tell me about apples';
    const bananas = 'Tell me about bananas';
    mockLlm.enqueue({ text: 'Apples are red or green.' }, { text: 'Bananas are yellow.' });

    await panel.ask(apples);
    await panel.expectAnswer('Apples are red or green.');
    await panel.expectIdle();
    await panel.startNewChat();
    await panel.ask(bananas);
    await panel.expectAnswer('Bananas are yellow.');
    await panel.expectIdle();

    await panel.searchSessions('apples');
    await expect(panel.sessionButton(apples)).toBeVisible();
    await expect(panel.sessionButton(bananas)).toBeHidden();
    await panel.searchSessions('');
    await expect(panel.sessionButton(bananas)).toBeVisible();

    await panel.renameSession(apples, 'Apple notes');
    await expect(panel.sessionButton(apples)).toBeHidden();

    await panel.deleteSession(bananas);
    await expect(panel.sessionButton(bananas)).toBeHidden();

    // Both changes are stored.
    await panel.page.reload();
    await panel.showSessions();
    await expect(panel.sessionButton('Apple notes')).toBeVisible();
    await expect(panel.sessionButton(bananas)).toBeHidden();
  });

  test('a conversation and the settings survive restarting the browser', async ({
    chatPanel: panel,
    mockLlm,
    restartBrowser,
  }) => {
    const question = 'Remember this conversation';
    const answer = 'This answer is stored and must survive.';
    mockLlm.enqueue({ text: answer });
    await panel.ask(question);
    await panel.expectAnswer(answer);
    await panel.expectIdle();

    const { panel: after } = await restartBrowser();
    await after.openSession(question);
    await after.expectAnswer(answer);

    // The provider settings survived too: a follow-up reaches the mock with the history.
    mockLlm.enqueue({ text: 'A follow-up answer.' });
    await after.ask('And a follow-up');
    await after.expectAnswer('A follow-up answer.');
    const followUp = mockLlm.chatRequests().at(-1)!.body;
    expect(messagesContaining(followUp, 'user', question)).toHaveLength(1);
    expect(messagesContaining(followUp, 'assistant', answer)).toHaveLength(1);
    expect(messagesContaining(followUp, 'user', 'And a follow-up')).toHaveLength(1);
  });
});
