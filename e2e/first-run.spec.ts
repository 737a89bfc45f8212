import { expect, test } from './fixtures';
import { type MockLlm, startMockLlm } from './servers/mock-llm';

/** LM Studio's usual address; the mock stands in for it on this port during the test. */
const LM_STUDIO_PORT = 1234;

test.describe('first run', () => {
  let lmStudio: MockLlm;
  test.beforeEach(async () => {
    lmStudio = await startMockLlm({
      port: LM_STUDIO_PORT,
      models: ['qwen2.5-7b-instruct', 'qwen2.5-0.5b-instruct'],
    });
  });
  test.afterEach(async () => {
    await lmStudio.close();
  });

  test('finds a local server, refuses an unworkable Save, and ends ready to chat with Enter', async ({
    panel,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });

    // Before a model is set up the composer says so and links to Settings; nothing is sent.
    const setup = panel.page.getByRole('note').filter({ hasText: 'needs a model' });
    await expect(setup).toBeVisible();
    await panel.messageField.fill('Hello?');
    await panel.messageField.press('Enter');
    await expect(panel.sendButton).toBeDisabled();
    await expect(panel.userMessages).toHaveCount(0);

    await setup.getByRole('link', { name: 'Go to Settings' }).click();
    // The preset's address is a value, not a placeholder.
    await expect(panel.baseUrlField).toHaveValue('http://localhost:11434/v1');
    // First run looks for local servers by itself and offers what answered.
    await expect(panel.page.getByText('LM Studio is running with 2 models.')).toBeVisible();
    await panel.page.getByRole('button', { name: 'Use LM Studio' }).click();
    await expect(panel.providerSelect.locator('option:checked')).toHaveText('LM Studio (local)');
    await expect(panel.baseUrlField).toHaveValue('http://localhost:1234/v1');
    await expect(panel.modelField).toHaveValue('qwen2.5-0.5b-instruct');
    // Model and Small model offer the server's models.
    const options = panel.page.locator(
      `datalist#${await panel.modelField.getAttribute('list')} option`,
    );
    await expect(options).toHaveCount(2);
    expect(await panel.smallModelField.getAttribute('list')).toBe(
      await panel.modelField.getAttribute('list'),
    );

    // Save names the missing field, next to the buttons, without scrolling.
    await panel.modelField.fill('');
    await panel.saveButton.click();
    const refusal = panel.page.getByText(/^Not saved: Choose a Model/);
    await expect(refusal).toBeInViewport();
    await expect(panel.saveButton).toBeInViewport();

    await panel.modelField.fill('qwen2.5-7b-instruct');
    await panel.testConnectionButton.click();
    await expect(panel.connectionResult).toBeInViewport();

    await panel.saveButton.click();
    // Saved: back in the chat, saying what is ready.
    await expect(panel.page.getByRole('status')).toHaveText(
      'Ready: qwen2.5-7b-instruct on LM Studio',
    );
    await expect(setup).toBeHidden();

    // Shift+Enter makes a new line; Enter sends.
    lmStudio.enqueue({ text: 'Hello from LM Studio.' });
    await panel.messageField.fill('First line');
    await panel.messageField.press('Shift+Enter');
    await panel.messageField.pressSequentially('second line');
    await expect(panel.messageField).toHaveValue('First line\nsecond line');
    expect(lmStudio.chatRequests()).toHaveLength(0);
    await panel.messageField.press('Enter');
    await panel.expectAnswer('Hello from LM Studio.');
    await expect(panel.messageField).toHaveValue('');
    expect(lmStudio.chatRequests()[0]?.body.model).toBe('qwen2.5-7b-instruct');
  });
});
