import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from './schema';
import {
  loadSettings,
  parseStoredSettings,
  SETTINGS_MIGRATIONS,
  saveSettings,
  settingsItem,
} from './store';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('settings', () => {
  it('gives the defaults on first run', async () => {
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('round-trips a valid record', async () => {
    const saved = await saveSettings({
      ...DEFAULT_SETTINGS,
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1:8b',
    });
    expect(await loadSettings()).toEqual(saved);
  });

  it('refuses a base URL that is not http(s) and writes nothing', async () => {
    await expect(
      saveSettings({ ...DEFAULT_SETTINGS, baseUrl: 'ftp://example.com', model: 'm' }),
    ).rejects.toThrow(/Base URL must be an http/);
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({});
  });

  it('refuses a context window below 1,024 tokens', async () => {
    await expect(saveSettings({ ...DEFAULT_SETTINGS, contextWindow: 100 })).rejects.toThrow(
      /at least 1,024/,
    );
  });

  it('migrates a version 1 record, keeping the key and models', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        provider: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-test',
        model: 'gpt-4o',
        smallModel: 'gpt-4o-mini',
        contextWindow: 128000,
      },
      settings$: { v: 1 },
    });
    await settingsItem.migrate();
    const settings = await loadSettings();
    expect(settings.apiKey).toBe('sk-test');
    expect(settings.model).toBe('gpt-4o');
    expect(settings.limits).toEqual(DEFAULT_SETTINGS.limits);
    expect(settings.disabledTools).toEqual(DEFAULT_SETTINGS.disabledTools);
  });

  it('repairs a damaged record field by field', () => {
    const repaired = parseStoredSettings({
      provider: 'nonsense',
      baseUrl: 'http://localhost:1234/v1',
      apiKey: 'k',
      model: 'm',
      contextWindow: 'lots',
    });
    expect(repaired.provider).toBe(DEFAULT_SETTINGS.provider);
    expect(repaired.baseUrl).toBe('http://localhost:1234/v1');
    expect(repaired.apiKey).toBe('k');
    expect(repaired.contextWindow).toBe(DEFAULT_SETTINGS.contextWindow);
  });
});

describe('limits per answer', () => {
  it('are refused with a sentence naming the limit', async () => {
    await expect(
      saveSettings({
        ...DEFAULT_SETTINGS,
        limits: { ...DEFAULT_SETTINGS.limits, maxSteps: Number.NaN },
      }),
    ).rejects.toThrow('Model steps per answer must be a whole number from 1 to 200.');
    await expect(
      saveSettings({
        ...DEFAULT_SETTINGS,
        limits: { ...DEFAULT_SETTINGS.limits, maxFetches: 101 },
      }),
    ).rejects.toThrow('Fetches per answer must be a whole number from 0 to 100.');
  });
});

describe('settings migrations', () => {
  it('keep fields a value already has, so a value stored without its version loses nothing', () => {
    const chosen = {
      baseUrl: 'https://llm.example/v1',
      disabledTools: ['fetch'],
      limits: { maxSteps: 7, maxFetches: 3, maxIdenticalCalls: 2 },
      search: { provider: 'brave', braveKey: 'k' },
    };
    const migrated = [2, 3, 4].reduce<Record<string, unknown>>(
      (value, version) => SETTINGS_MIGRATIONS[version]!(value) as Record<string, unknown>,
      chosen,
    );
    expect(migrated).toEqual(chosen);
  });
});
