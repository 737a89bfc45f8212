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

/** A setup that can answer: a local Ollama with a model. */
const WORKING = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://localhost:11434/v1',
  model: 'qwen3:8b',
};

describe('saveSettingsFromForm', () => {
  it('refuses a setup without a Base URL or a model, naming the field', async () => {
    expect(await saveSettingsFromForm(DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      field: 'baseUrl',
    });
    const noModel = await saveSettingsFromForm({ ...WORKING, model: '' });
    expect(noModel).toMatchObject({ ok: false, field: 'model' });
    expect(!noModel.ok && noModel.message).toMatch(/^Choose a Model/);
  });

  it('points a web search problem at its field', async () => {
    const outcome = await saveSettingsFromForm({
      ...WORKING,
      search: { ...DEFAULT_SETTINGS.search, provider: 'searxng', searxngUrl: '' },
    });
    expect(outcome).toMatchObject({ ok: false, field: 'search.searxngUrl' });
    expect(!outcome.ok && outcome.message).toMatch(/^SearXNG needs the address of an instance/);
  });

  it('points a bad Brave key at its field', async () => {
    const outcome = await saveSettingsFromForm({
      ...WORKING,
      search: { ...DEFAULT_SETTINGS.search, provider: 'brave', braveKey: 'two words' },
    });
    expect(outcome).toMatchObject({ ok: false, field: 'search.braveKey' });
  });

  it('saves valid search settings', async () => {
    const outcome = await saveSettingsFromForm({
      ...WORKING,
      search: {
        ...DEFAULT_SETTINGS.search,
        provider: 'searxng',
        searxngUrl: 'http://searx.lan:8080',
      },
    });
    expect(outcome.ok && outcome.settings.search.searxngUrl).toBe('http://searx.lan:8080');
  });
});
