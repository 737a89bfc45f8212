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

  test('a row’s ⋯ menu names its session, works from the keyboard, and no row wraps at 320 px', async ({
    chatPanel: panel,
    mockLlm,
  }) => {
    const short = 'The Tide Clocks';
    const long =
      'Tell me everything about the tide clocks of the northern coast and how their hands follow the moon';
    const longTitle = `${long.slice(0, 79).trimEnd()}…`;
    mockLlm.enqueue({ text: 'They follow the moon.' }, { text: 'A long answer.' });
    await panel.ask(short);
    await panel.expectAnswer('They follow the moon.');
    await panel.expectIdle();
    await panel.startNewChat();
    await panel.ask(long);
    await panel.expectAnswer('A long answer.');
    await panel.expectIdle();
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await panel.showSessions();

    // The menu button opens on Enter with its first item focused; arrows wrap, Escape closes
    // and gives focus back to the button.
    const button = panel.sessionMenuButton(short);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await panel.page.keyboard.press('Enter');
    const menu = panel.page.getByRole('menu', { name: `Actions for ${short}`, exact: true });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Rename The Tide Clocks',
      'Export The Tide Clocks as Markdown',
      'Export The Tide Clocks as JSON',
      'Delete The Tide Clocks',
    ]);
    await expect(panel.sessionMenuItem(`Rename ${short}`)).toBeFocused();
    await panel.page.keyboard.press('ArrowUp');
    await expect(panel.sessionMenuItem(`Delete ${short}`)).toBeFocused();
    await panel.page.keyboard.press('ArrowDown');
    await expect(panel.sessionMenuItem(`Rename ${short}`)).toBeFocused();
    await panel.page.keyboard.press('ArrowDown');
    await expect(panel.sessionMenuItem(`Export ${short} as Markdown`)).toBeFocused();
    await panel.page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Export from the keyboard: the panel says it happened.
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    const [download] = await Promise.all([
      panel.page.waitForEvent('download'),
      panel.page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    await expect(
      panel.page.getByRole('status').filter({ hasText: `Exported “${short}” as Markdown` }),
    ).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // At 320 px every row is one line: the long title is cut, the row as tall as the short one's,
    // and nothing is wider than the panel.
    await panel.page.setViewportSize({ width: 320, height: 800 });
    const shortBox = await panel.sessionRow(short).boundingBox();
    const longBox = await panel.sessionRow(longTitle).boundingBox();
    expect(longBox!.height).toBeLessThanOrEqual(shortBox!.height + 1);
    expect(longBox!.x + longBox!.width).toBeLessThanOrEqual(320);
    const titleButton = panel.sessionButton(longTitle);
    const cut = await titleButton.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, 'the long title is ellipsised, not wrapped').toBe(true);
    const pageWidth = await panel.page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(320);
    // The open menu fits too.
    await panel.sessionMenuButton(longTitle).click();
    const longMenu = panel.page.getByRole('menu', { name: `Actions for ${longTitle}` });
    const menuBox = await longMenu.boundingBox();
    expect(menuBox!.x).toBeGreaterThanOrEqual(0);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(320);
    await panel.page.keyboard.press('Escape');

    // Deleting the open session (the long one) opens the next one.
    await expect(titleButton).toHaveAttribute('aria-current', 'true');
    await panel.deleteSession(longTitle);
    await expect(panel.sessionButton(short)).toHaveAttribute('aria-current', 'true');
  });
});
