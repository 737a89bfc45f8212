import { CUSTOM_PROVIDER, expect, TEST_API_KEY, test } from './fixtures';
import { SidePanel } from './pages/side-panel';

test.describe('settings', () => {
  test('first run guides to Settings, where Test connection lists the endpoint models', async ({
    panel,
    mockLlm,
  }) => {
    await expect(panel.notConfiguredNotice).toBeVisible();
    await panel.setUpModelButton.click();
    await expect(panel.baseUrlField).toBeVisible();

    await panel.fillProviderForm({
      provider: CUSTOM_PROVIDER,
      baseUrl: mockLlm.url,
      apiKey: TEST_API_KEY,
      model: 'mock-large',
    });
    await expect(panel.apiKeyField).toHaveAttribute('type', 'password');
    await panel.testConnectionButton.click();
    await panel.expectModelsListed(['mock-large', 'mock-small']);

    const modelLists = mockLlm.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v1/models',
    );
    expect(modelLists.length, 'Test connection should call GET /v1/models').toBeGreaterThan(0);
    expect(modelLists.at(-1)?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);

    await panel.saveSettings();
    await panel.backToChat();
    await expect(panel.notConfiguredNotice).toBeHidden();
    // Testing and saving settings is not a chat: the model was not called.
    expect(mockLlm.chatRequests()).toHaveLength(0);
  });

  test('the options page shows the saved settings with the API key masked', async ({
    chatPanel,
    context,
    extensionId,
    mockLlm,
  }) => {
    void chatPanel; // configured through the panel's Settings by the fixture
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const options = new SidePanel(page);

    await expect(options.providerSelect.locator('option:checked')).toHaveText(CUSTOM_PROVIDER);
    await expect(options.baseUrlField).toHaveValue(mockLlm.url);
    await expect(options.modelField).toHaveValue('mock-large');
    await expect(options.apiKeyField).toHaveAttribute('type', 'password');
    await expect(options.apiKeyField).toHaveValue(TEST_API_KEY);
    await expect(options.testConnectionButton).toBeVisible();
    await expect(options.saveButton).toBeVisible();
  });
});
