import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';
import { issueField, saveSettingsFromForm } from './settings-form-actions';

describe('issueField', () => {
  it('names nested settings by their dotted path', () => {
    expect(issueField(['baseUrl'])).toBe('baseUrl');
    expect(issueField(['search', 'searxngUrl'])).toBe('search.searxngUrl');
    expect(issueField([])).toBeUndefined();
    expect(issueField(undefined)).toBeUndefined();
  });
});

describe('saveSettingsFromForm', () => {
  it('points a web search problem at its field', async () => {
    const outcome = await saveSettingsFromForm({
      ...DEFAULT_SETTINGS,
      search: { ...DEFAULT_SETTINGS.search, provider: 'searxng', searxngUrl: '' },
    });
    expect(outcome).toMatchObject({ ok: false, field: 'search.searxngUrl' });
    expect(!outcome.ok && outcome.message).toMatch(/^SearXNG needs the address of an instance/);
  });

  it('points a bad Brave key at its field', async () => {
    const outcome = await saveSettingsFromForm({
      ...DEFAULT_SETTINGS,
      search: { ...DEFAULT_SETTINGS.search, provider: 'brave', braveKey: 'two words' },
    });
    expect(outcome).toMatchObject({ ok: false, field: 'search.braveKey' });
  });

  it('saves valid search settings', async () => {
    const outcome = await saveSettingsFromForm({
      ...DEFAULT_SETTINGS,
      search: {
        ...DEFAULT_SETTINGS.search,
        provider: 'searxng',
        searxngUrl: 'http://searx.lan:8080',
      },
    });
    expect(outcome.ok && outcome.settings.search.searxngUrl).toBe('http://searx.lan:8080');
  });
});
