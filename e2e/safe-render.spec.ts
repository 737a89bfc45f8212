import { expect, test } from './fixtures';

declare global {
  interface Window {
    __pwned?: number;
  }
}

test('model output with HTML, remote images and javascript: links renders inert', async ({
  chatPanel: panel,
  context,
  mockLlm,
}) => {
  // Any request for an evil.test URL (mapped to loopback by --host-resolver-rules) is recorded
  // and refused, whichever page makes it.
  const evilRequests: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('evil.test')) evilRequests.push(request.url());
  });
  await context.route(/^https?:\/\/([^/]+\.)?evil\.test\//, (route) => {
    evilRequests.push(route.request().url());
    return route.abort();
  });

  mockLlm.enqueue({
    text: [
      'Safe start marker.',
      '',
      '<script>window.__pwned=1</script>',
      '',
      '<img src="http://evil.test/x.png" onerror="window.__pwned=2">',
      '',
      '![pic](http://evil.test/pic.png)',
      '',
      '[click](javascript:window.__pwned=3)',
      '',
      'See [the docs](https://docs.test/guide) for more.',
      '',
      'Safe end marker.',
    ].join('\n'),
    chunkSize: 16,
  });

  await panel.ask('Show me something dangerous');
  await panel.expectAnswer('Safe end marker.');
  await panel.expectIdle();
  const answer = panel.answers.last();

  // Whatever the javascript: link became (if its text is shown), clicking it must do nothing.
  const dropped = answer.getByText('click', { exact: true });
  if ((await dropped.count()) > 0) await dropped.first().click();
  // Give a stray image load or event handler a moment to show itself.
  await panel.page.waitForTimeout(300);

  await expect(answer.locator('script, img, iframe, object, embed')).toHaveCount(0);
  await expect(panel.page.locator('[onerror], [onload], [onclick]')).toHaveCount(0);
  await expect(panel.page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  expect(await panel.page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(evilRequests, 'nothing was requested from evil.test').toEqual([]);

  // An ordinary link still works and shows where it really goes.
  const docs = answer.getByRole('link', { name: /the docs/ });
  await expect(docs).toHaveAttribute('href', 'https://docs.test/guide');
  await expect(docs).toContainText('docs.test');
});
