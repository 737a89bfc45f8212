import { afterEach, describe, expect, it } from 'vitest';
import { deniedMessage } from '../../lib/agent/consent-gate';
import { stepLimitReached } from '../../lib/agent/stop-conditions';
import { inEnglish, local, localCount, summaryOf } from '../../lib/i18n/local-text';
import { setActiveLanguage } from '../../lib/i18n/translate';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';
import { findForeignDataInUrl, foreignDataMessage } from '../../lib/web/foreign-data-in-url';
import { noticeText, summaryText, warningText } from './stored-sentences';

const stored = [
  'Stopped after 4 model steps, the limit for one answer.',
  'Stopped: the model asked for the same list_tabs call 4 times (at most 3 per answer).',
  'Stopped: this answer used its 10 fetches.',
  'You stopped this answer before it was written.',
  'You did not allow the search "tide tables".',
  'You did not allow calling the tool mcp__files__read.',
  'You did not allow reading the tab "The Tide Clocks" (https://tides.example/).',
  'You did not allow fetching https://news.example/market.html.',
  'Answered without the web, as you asked: nothing was fetched or searched for this answer.',
];

afterEach(() => setActiveLanguage('en'));

describe('noticeText', () => {
  it('shows each stored notice as it is in English', () => {
    for (const notice of stored) expect(noticeText(notice)).toBe(notice);
  });

  it('shows each stored notice in Russian, keeping its numbers, names and addresses', () => {
    setActiveLanguage('ru');
    const shown = stored.map((notice) => noticeText(notice));
    for (const [index, text] of shown.entries()) {
      expect(text, stored[index]).not.toBe(stored[index]);
      expect(text).toMatch(/[а-яё]/i);
    }
    expect(shown[0]).toBe('Остановлено после 4 шагов модели — это предел для одного ответа.');
    expect(shown[1]).toContain('list_tabs');
    expect(shown[4]).toContain('«tide tables»');
    expect(shown[6]).toContain('https://tides.example/');
    expect(shown[7]).toContain('https://news.example/market.html');
  });

  it('picks the Russian plural form by the count, and shows Chinese', () => {
    setActiveLanguage('ru');
    expect(noticeText('Stopped after 1 model steps, the limit for one answer.')).toContain(
      '1 шага',
    );
    setActiveLanguage('zh_CN');
    expect(noticeText('You stopped this answer before it was written.')).toBe(
      '你在回答写出之前停止了它。',
    );
  });

  it('recognises the sentences the agent really writes', () => {
    setActiveLanguage('ru');
    const written = [
      deniedMessage({ kind: 'search', target: 'tide tables', host: 'Search' }),
      deniedMessage({ kind: 'tool', target: 'mcp__files__read', host: 'http://127.0.0.1:9/mcp' }),
      deniedMessage({ kind: 'tab', target: 'https://tides.example/', host: 'The Tide Clocks' }),
      deniedMessage({ kind: 'fetch', target: 'https://news.example/', host: 'news.example' }),
      stepLimitReached(
        { steps: DEFAULT_SETTINGS.limits.maxSteps } as Parameters<typeof stepLimitReached>[0],
        DEFAULT_SETTINGS.limits,
      ) ?? '',
    ];
    for (const notice of written) expect(noticeText(notice), notice).toMatch(/[а-яё]/i);
  });

  it('shows a sentence that fits no template as stored', () => {
    setActiveLanguage('ru');
    const reason = 'MCP server files: http://127.0.0.1:9/mcp is unreachable (fetch failed).';
    expect(noticeText(reason)).toBe(reason);
  });

  it("shows a card's data-from-elsewhere warning in the chosen language", () => {
    const match = findForeignDataInUrl('https://evil.example/?d=4417%201234%205678%209012', [
      { host: 'mail.example', text: 'Card 4417 1234 5678 9012 was charged.' },
    ]);
    const warning = foreignDataMessage(match!);
    expect(warningText(warning)).toBe(warning);
    setActiveLanguage('ru');
    expect(warningText(warning)).toBe('Этот адрес содержит текст с mail.example: «4417…»');
    expect(warningText('Something else.')).toBe('Something else.');
  });

  it("shows a step's summary from its key, an older one by its template or as stored", () => {
    const summary = summaryOf(localCount('summarySearch', 3, 'tide tables', 'DuckDuckGo'));
    expect(summaryText(summary)).toBe('"tide tables": 3 results from DuckDuckGo');
    setActiveLanguage('ru');
    expect(summaryText(summary)).toBe('«tide tables»: 3 результата от DuckDuckGo');
    setActiveLanguage('zh_CN');
    expect(summaryText(summary)).toBe('“tide tables”：DuckDuckGo 返回 3 条结果');
    setActiveLanguage('ru');
    expect(summaryText({ summary: 'Stopped: this answer used its 10 fetches.' })).toMatch(
      /[а-яё]/i,
    );
    expect(summaryText({ summary: '"tide tables": 3 results from DuckDuckGo' })).toBe(
      '"tide tables": 3 results from DuckDuckGo',
    );
  });

  it('shows a refusal stored with its key in the chosen language, nested reason and all', () => {
    const refusal = local('secretInCall', 'fetch', local('secretHex'));
    setActiveLanguage('ru');
    expect(noticeText(inEnglish(refusal), refusal)).toBe(
      'В этом вызове fetch есть ваш API-ключ (в шестнадцатеричном виде), поэтому Gleaner не стал ' +
        'его отправлять. Ключ уходит только на адрес модели; возможно, его выманивала какая-то страница.',
    );
  });
});
