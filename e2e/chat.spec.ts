import { expect, test } from './fixtures';
import { openPanelHeldBack } from './pages/held-back-panel';
import { messagesContaining } from './servers/mock-llm';

test.describe('chat', () => {
  test('streams a markdown answer and sends the model, a system prompt and the question', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const question = 'How many apples and pears are there?';
    mockLlm.enqueue({
      text: [
        'Here are the **counts**:',
        '',
        '| Fruit | Count |',
        '| --- | --- |',
        '| Apple | 3 |',
        '| Pear | 5 |',
        '',
        'That is all of them.',
      ].join('\n'),
      chunkSize: 6,
      delayMs: 15,
    });

    await panel.ask(question);

    const table = panel.answers.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Fruit' })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Pear' })).toBeVisible();
    await expect(table.getByRole('cell', { name: '5', exact: true })).toBeVisible();
    await panel.expectAnswer('That is all of them.');
    // Markdown is rendered, not shown raw.
    await expect(panel.answers.getByText('| --- |')).toHaveCount(0);
    await expect(panel.answers.getByText('counts', { exact: true })).toHaveJSProperty(
      'tagName',
      'STRONG',
    );
    await panel.expectIdle();

    const [request] = mockLlm.chatRequests();
    expect(request, 'the model should have been called').toBeDefined();
    expect(request!.body.model).toBe('mock-large');
    expect(request!.body.stream).toBe(true);
    expect(request!.body.messages[0]?.role).toBe('system');
    expect(messagesContaining(request!.body, 'user', question)).toHaveLength(1);
  });

  test('a conversation is kept as a session titled by its first message', async ({
    chatPanel: panel,
    context,
    mockLlm,
    openPanel,
  }) => {
    const question = 'What is the capital of France?';
    mockLlm.enqueue({ text: 'Paris is the capital of France.' });
    await panel.ask(`  ${question}  `);
    await panel.expectAnswer('Paris is the capital of France.');
    await panel.expectIdle();

    // Close the panel, then open a fresh one (a spare tab keeps the browser window alive).
    await context.newPage();
    await panel.page.close();
    const reopened = await openPanel();

    await reopened.showSessions();
    await expect(reopened.sessionButton(question)).toBeVisible();
    await reopened.openSession(question);
    await reopened.expectAnswer('Paris is the capital of France.');
    await expect(reopened.userMessages).toHaveCount(1);
    await expect(reopened.userMessages).toContainText(question);
  });

  test('Ctrl+Enter sends the message', async ({ chatPanel: panel, mockLlm }) => {
    mockLlm.enqueue({ text: 'Sent from the keyboard.' });
    await panel.messageField.fill('A question sent with the keyboard');
    await panel.messageField.press('Control+Enter');

    await panel.expectAnswer('Sent from the keyboard.');
    await expect(panel.messageField).toHaveValue('');
    expect(mockLlm.chatRequests()).toHaveLength(1);
  });

  test('a message typed and sent the moment the panel opens is sent once the rest of the panel arrives', async ({
    chatPanel: _configured,
    context,
    extensionId,
    mockLlm,
  }) => {
    // The chat panel's tab has set up a model; this test opens a second panel.
    mockLlm.enqueue({ text: 'Sent from the first moment.' });
    // The typing and the Enter land in the panel's first frame, then the rest is let through.
    const { panel, release } = await openPanelHeldBack(context, extensionId);
    await panel.messageField.fill('Typed at once');
    await panel.messageField.press('Enter');
    await expect(panel.messageField).toHaveValue('Typed at once');
    expect(mockLlm.chatRequests(), 'nothing is sent before the panel can send it').toHaveLength(0);
    await release();

    await panel.expectAnswer('Sent from the first moment.');
    await expect(panel.messageField).toHaveValue('');
    const requests = mockLlm.chatRequests();
    expect(requests).toHaveLength(1);
    expect(messagesContaining(requests[0]!.body, 'user', 'Typed at once')).toHaveLength(1);
  });

  test('typing begun in the panel’s first frame goes on in the same field, with the text and the focus kept', async ({
    panel: _opened,
    context,
    extensionId,
  }) => {
    const { panel, release } = await openPanelHeldBack(context, extensionId);
    const page = panel.page;
    await panel.messageField.click();
    await page.keyboard.type('Typed at once');
    await release();
    // The rest of the panel is there once the chat says what it needs.
    await expect(panel.notConfiguredNotice).toBeVisible();

    await expect(panel.messageField).toBeFocused();
    await page.keyboard.type(', and more');
    await expect(panel.messageField).toHaveValue('Typed at once, and more');
  });

  test('New chat pressed in the panel’s first frame opens a new chat, not the last session', async ({
    chatPanel,
    context,
    extensionId,
    mockLlm,
  }) => {
    mockLlm.enqueue({ text: 'An earlier answer.' });
    await chatPanel.ask('An earlier question');
    await chatPanel.expectAnswer('An earlier answer.');
    await chatPanel.expectIdle();

    const { panel, release } = await openPanelHeldBack(context, extensionId);
    const page = panel.page;
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await release();

    await expect(panel.messageField).toBeEditable();
    await expect(
      page.getByRole('heading', { name: 'Ask about your tabs or the web', exact: true }),
    ).toBeVisible();
    await expect(panel.answers).toHaveCount(0);
  });

  test('a long answer keeps its newest text in view while it streams, in long paragraphs', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const paragraphs = Array.from(
      { length: 12 },
      (_, index) => `Paragraph ${index + 1} ${'of plain words '.repeat(60).trim()}.`,
    );
    mockLlm.enqueue({ text: paragraphs.join('\n\n'), chunkSize: 80, delayMs: 5 });

    await panel.ask('Write a long answer.');

    await expect(panel.answers.getByText(/^Paragraph 12 of plain words/)).toBeInViewport();
    await panel.expectIdle();
    await expect(panel.answers.getByText(/^Paragraph 12 of plain words/)).toBeInViewport();
    await expect(panel.answers.getByText(/^Paragraph 1 of plain words/)).not.toBeInViewport();
  });

  test('a reader who scrolled up while an answer streams stays where they are', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, index) => `Section ${index + 1} ${'in several words '.repeat(20).trim()}.`,
    );
    mockLlm.enqueue({ text: paragraphs.join('\n\n'), chunkSize: 40, delayMs: 25 });

    await panel.ask('Write a very long answer.');
    // Far enough into the answer for the conversation to scroll, and still streaming.
    await expect(panel.answers.getByText(/^Section 6 in several words/)).toBeInViewport();
    await expect(panel.stopButton).toBeVisible();
    await panel.answers.getByText(/^Section 1 in several words/).scrollIntoViewIfNeeded();
    await expect(panel.answers.getByText(/^Section 1 in several words/)).toBeInViewport();

    await panel.expectIdle();
    await expect(panel.answers.getByText(/^Section 1 in several words/)).toBeInViewport();
    await expect(panel.answers.getByText(/^Section 30 in several words/)).not.toBeInViewport();
  });

  test('a reader at the end of an answer stays at its end when the panel is resized', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const paragraphs = Array.from(
      { length: 16 },
      (_, index) => `Part ${index + 1} ${'with a few words '.repeat(25).trim()}.`,
    );
    mockLlm.enqueue({ text: paragraphs.join('\n\n'), chunkSize: 80 });
    await panel.ask('Write an answer in parts.');
    await panel.expectIdle();
    // The answer's end: its last words, and its footer under them.
    const lastWords = panel.answers.getByText(/with a few words\.$/).last();
    const footer = panel.page.getByRole('button', { name: 'Regenerate', exact: true });
    await expect(footer).toBeInViewport({ ratio: 1 });

    // Narrower, as a side panel dragged thinner: the text wraps onto more lines.
    await panel.page.setViewportSize({ width: 320, height: 900 });
    await expect(footer).toBeInViewport({ ratio: 1 });
    await expect(lastWords).toBeInViewport();
    // Shorter: less of the conversation fits, and it is the end that stays.
    await panel.page.setViewportSize({ width: 320, height: 560 });
    await expect(footer).toBeInViewport({ ratio: 1 });
    await expect(lastWords).toBeInViewport();
  });

  test('the first message of a new chat leaves the focus in the message field', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    mockLlm.enqueue({ text: 'The first answer of this chat.', delayMs: 20 });
    await panel.messageField.fill('A first question');
    await panel.messageField.press('Enter');
    await expect(panel.userMessages).toContainText('A first question');
    await panel.expectAnswer('The first answer of this chat.');

    // The next question can be typed straight away, in the same field.
    await expect(panel.messageField).toBeFocused();
    await panel.page.keyboard.type('A second question');
    await expect(panel.messageField).toHaveValue('A second question');
  });
});
