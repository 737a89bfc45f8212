import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../lib/db/records';
import { inEnglish, local } from '../../lib/i18n/local-text';
import { setActiveLanguage } from '../../lib/i18n/translate';
import { RunBanner } from './run-banner';

afterEach(() => setActiveLanguage('en'));

const interrupted = local('runInterruptedByBrowser');
const run = (error: RunRecord['error']): RunRecord => ({
  id: 'r',
  sessionId: 's',
  userMessageId: 'u',
  status: 'interrupted',
  model: 'mock',
  steps: 1,
  fetches: 0,
  budgetStart: 0,
  createdAt: 0,
  updatedAt: 0,
  error,
});
const banner = (record: RunRecord) =>
  renderToStaticMarkup(
    <RunBanner run={record} busy={false} onResume={() => {}} onOpenSettings={() => {}} />,
  );

describe('RunBanner', () => {
  it('shows a stored reason in the chosen language, and in English again after switching back', () => {
    const record = run({ kind: 'interrupted', message: inEnglish(interrupted), i18n: interrupted });
    setActiveLanguage('ru');
    expect(banner(record)).toContain('Ответ прервался: браузер остановил расширение.');
    setActiveLanguage('en');
    expect(banner(record)).toContain(
      'The answer was interrupted because the browser stopped the extension.',
    );
  });

  it('shows an older reason stored without a key as it was written', () => {
    setActiveLanguage('zh_CN');
    const html = banner(run({ kind: 'interrupted', message: 'Written before keys were.' }));
    expect(html).toContain('Written before keys were.');
    expect(html).toContain('继续回答');
  });
});
