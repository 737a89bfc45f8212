import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test.describe('export and import', () => {
  test('a session exported as JSON and Markdown comes back by importing the JSON after deleting it', async ({
    chatPanel: panel,
    mockLlm,
  }, testInfo) => {
    const question = 'Tell me about export';
    const answer = 'Exports keep every message.';
    mockLlm.enqueue({ text: answer });
    await panel.ask(question);
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    await panel.showSessions();

    // Export JSON: a gleaner-sessions file with the question and the answer, and no API key.
    const [jsonDownload] = await Promise.all([
      panel.page.waitForEvent('download'),
      panel.exportSession(question, 'JSON'),
    ]);
    expect(jsonDownload.suggestedFilename()).toMatch(
      /^gleaner-tell-me-about-export-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const jsonPath = testInfo.outputPath(jsonDownload.suggestedFilename());
    await jsonDownload.saveAs(jsonPath);
    const jsonText = await readFile(jsonPath, 'utf8');
    const file = JSON.parse(jsonText);
    expect(file).toMatchObject({ format: 'gleaner-sessions', version: 1 });
    expect(file.sessions).toHaveLength(1);
    expect(file.sessions[0].session.title).toBe(question);
    expect(
      file.sessions[0].messages.map((message: { role: string; content: string }) => [
        message.role,
        message.content,
      ]),
    ).toEqual([
      ['user', question],
      ['assistant', answer],
    ]);
    expect(jsonText).not.toContain('TEST_API_KEY');
    expect(jsonText).not.toMatch(/apiKey/i);

    // Export Markdown: the title, the question and the answer in order.
    const [markdownDownload] = await Promise.all([
      panel.page.waitForEvent('download'),
      panel.exportSession(question, 'Markdown'),
    ]);
    expect(markdownDownload.suggestedFilename()).toMatch(
      /^gleaner-tell-me-about-export-\d{4}-\d{2}-\d{2}\.md$/,
    );
    const markdownPath = testInfo.outputPath(markdownDownload.suggestedFilename());
    await markdownDownload.saveAs(markdownPath);
    const markdown = await readFile(markdownPath, 'utf8');
    expect(markdown.startsWith(`# ${question}\n`)).toBe(true);
    expect(markdown.indexOf(`## You\n\n${question}`)).toBeGreaterThan(0);
    expect(markdown.indexOf(answer)).toBeGreaterThan(markdown.indexOf(`## You`));

    // Delete it, then import the JSON file: the session is back with its messages.
    await panel.deleteSession(question);
    // Deleting the open session returns the panel to a new chat.
    await panel.showSessions();
    await panel.importField.setInputFiles(jsonPath);
    await expect(panel.importStatus).toHaveText('Imported 1 session.');
    await panel.openSession(question);
    await expect(panel.userMessages).toHaveText([question]);
    await panel.expectAnswer(answer);
  });

  test('importing sessions that are already here adds nothing and says so', async ({
    chatPanel: panel,
    mockLlm,
  }, testInfo) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    mockLlm.enqueue({ text: 'First answer.' }, { text: 'Second answer.' });
    await panel.ask('First question');
    await panel.expectAnswer('First answer.');
    await panel.expectIdle();
    await panel.startNewChat();
    await panel.ask('Second question');
    await panel.expectAnswer('Second answer.');
    await panel.expectIdle();
    await panel.showSessions();
    const [download] = await Promise.all([
      panel.page.waitForEvent('download'),
      panel.exportAllButton.click(),
    ]);
    const path = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(path);

    // One of the two is deleted; importing the file brings back that one only.
    await panel.deleteSession('First question');
    await panel.showSessions();
    await panel.importField.setInputFiles(path);
    await expect(panel.page.getByRole('status')).toHaveText('1 imported, 1 already here.');
    await expect(panel.sessionButton('First question')).toHaveCount(1);
    await expect(panel.sessionButton('Second question')).toHaveCount(1);
    // Again: both are here now.
    await panel.importField.setInputFiles(path);
    await expect(panel.page.getByRole('status')).toHaveText('0 imported, 2 already here.');
    await expect(panel.sessionButton('First question')).toHaveCount(1);
  });

  test('a file that is not a Gleaner export is refused with a sentence and changes nothing', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const question = 'Keep this session';
    mockLlm.enqueue({ text: 'Kept.' });
    await panel.ask(question);
    await panel.expectAnswer('Kept.');
    await panel.expectIdle();
    await panel.showSessions();

    await panel.importField.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    });
    await expect(panel.page.getByRole('alert')).toHaveText(
      'The file is not a Gleaner export: its format is not "gleaner-sessions".',
    );
    await expect(panel.page.getByRole('listitem')).toHaveCount(1);
    await expect(panel.sessionButton(question)).toBeVisible();
  });
});
