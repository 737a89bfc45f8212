import { expect, test } from './fixtures';

test.describe('model errors', () => {
  test('a 429 with Retry-After is retried after the wait and the answer arrives', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    mockLlm.enqueue(
      { status: 429, headers: { 'retry-after': '1' } },
      { text: 'The answer, after waiting out the rate limit.' },
    );

    await panel.ask('A question that meets a rate limit');
    await panel.expectAnswer('The answer, after waiting out the rate limit.');
    await panel.expectIdle();

    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(2);
    // Retry-After: 1 was honoured (give or take timer slack).
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(900);
    await expect(panel.resumeButton).toBeHidden();
  });

  test('a 401 names the API key and offers Open Settings, not Resume, without retrying', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    mockLlm.enqueue({ status: 401 });

    await panel.ask('A question with a wrong key');
    await expect(panel.alert.filter({ hasText: /API key/i })).toBeVisible();
    // Asking again would meet the same refusal: the fix is in Settings.
    const openSettings = panel.page.getByRole('link', { name: 'Open Settings', exact: true });
    await expect(openSettings).toBeVisible();
    await expect(panel.resumeButton).toBeHidden();
    await panel.expectIdle();
    expect(mockLlm.chatRequests()).toHaveLength(1);
    await openSettings.click();
    await expect(panel.apiKeyField).toBeVisible();
  });

  test('a stream cut mid-way keeps what arrived and offers Resume', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const partial = 'This part arrived before the connection dropped';
    mockLlm.enqueue({ cutAfterText: partial });

    await panel.ask('A question whose answer gets cut');
    await expect(panel.resumeButton).toBeVisible();
    await panel.expectAnswer(partial);
    await expect(panel.alert.first()).toBeVisible();
    await panel.expectIdle();
  });
});
