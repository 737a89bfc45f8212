import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SettingsFixture } from '../../testing/fixtures/settings/settings-fixture';
import {
  settingsVersion1,
  settingsVersion1WithoutMeta,
} from '../../testing/fixtures/settings/version-1';
import { settingsVersion2 } from '../../testing/fixtures/settings/version-2';
import {
  settingsVersion3,
  settingsVersion3WithToolsOff,
} from '../../testing/fixtures/settings/version-3';
import { settingsVersion4 } from '../../testing/fixtures/settings/version-4';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from './schema';
import { DEFAULT_SEARCH_SETTINGS } from './search-settings';

/**
 * WXT runs an item's migrations when `storage.defineItem` is evaluated, that is when the worker or
 * a page first imports the store. Each test therefore stores the old value first and then imports
 * a fresh copy of the store module, as the updated extension does on its first start.
 */
async function startGleaner(): Promise<typeof import('./store')> {
  vi.resetModules();
  return import('./store');
}

async function stored(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.local.get(null);
}

beforeEach(() => {
  fakeBrowser.reset();
});

const upgrades: Array<{ fixture: SettingsFixture; expected: Settings }> = [
  {
    fixture: settingsVersion1,
    expected: {
      ...DEFAULT_SETTINGS,
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-proj-v1-key-0123456789',
      model: 'gpt-4o',
      smallModel: 'gpt-4o-mini',
      contextWindow: 128_000,
    },
  },
  {
    fixture: settingsVersion1WithoutMeta,
    expected: {
      ...DEFAULT_SETTINGS,
      provider: 'ollama',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1:8b',
      contextWindow: 131_072,
    },
  },
  {
    fixture: settingsVersion2,
    expected: {
      ...DEFAULT_SETTINGS,
      provider: 'custom',
      baseUrl: 'https://llm.internal.example:8443/v1',
      apiKey: 'team-key-v2-abcdef',
      model: 'qwen2.5-32b-instruct',
      smallModel: 'qwen2.5-7b-instruct',
      contextWindow: 32_768,
    },
  },
  {
    fixture: settingsVersion3,
    expected: {
      provider: 'openrouter',
      baseUrl: 'https://openrouter.ai/api/v1',
      apiKey: 'sk-or-v1-0123456789abcdef',
      model: 'openai/gpt-4.1-mini',
      smallModel: 'openai/gpt-4.1-nano',
      contextWindow: 1_047_576,
      disabledTools: [],
      limits: { maxSteps: 40, maxFetches: 25, maxIdenticalCalls: 5 },
      search: {
        provider: 'searxng',
        duckduckgoUrl: 'https://html.duckduckgo.com/html/',
        searxngUrl: 'https://searx.home.example',
        braveKey: 'BSA-kept-for-later',
      },
      keepVerbatim: [],
      pricePerMillion: { input: null, output: null },
      // Added after version 3 without a migration: a missing field takes its default.
      sendWithCtrlEnter: false,
      readAhead: true,
      language: 'browser',
    },
  },
  {
    fixture: settingsVersion3WithToolsOff,
    expected: {
      ...DEFAULT_SETTINGS,
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-proj-v3-key-tools-off',
      model: 'gpt-4.1-mini',
      // The allow-list left these two out: they stay off, and nothing else is.
      disabledTools: ['fetch', 'agentic_fetch'],
    },
  },
  {
    fixture: settingsVersion4,
    expected: {
      ...DEFAULT_SETTINGS,
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen2.5:14b',
      contextWindow: 32_768,
      disabledTools: ['agentic_fetch'],
    },
  },
];

describe.each(upgrades)(
  'settings stored at version $fixture.version ($fixture.writtenBy)',
  ({ fixture, expected }) => {
    beforeEach(async () => {
      await fakeBrowser.storage.local.set(fixture.storage);
    });

    it('read back with every choice the user made, and defaults for what came later', async () => {
      const { loadSettings } = await startGleaner();
      const settings = await loadSettings();
      expect(settings).toEqual(expected);
      if (!('search' in fixture.storage.settings)) {
        expect(settings.search).toEqual(DEFAULT_SEARCH_SETTINGS);
      }
    });

    it('are stored migrated and marked with today’s version, valid without repair', async () => {
      const { SETTINGS_VERSION, loadSettings } = await startGleaner();
      await loadSettings();
      const after = await stored();
      expect(after.settings$).toEqual({ v: SETTINGS_VERSION });
      expect(settingsSchema.safeParse(after.settings).error?.issues).toBeUndefined();
      // Fields added without a version bump (Keep verbatim, prices, Ctrl+Enter) are filled by
      // their schema defaults when read, so they are compared as read, not as stored.
      expect(settingsSchema.parse(after.settings)).toEqual(expected);
    });

    it('keep a change saved after the upgrade through the next start', async () => {
      const first = await startGleaner();
      const upgraded = await first.loadSettings();
      const changed: Settings = {
        ...upgraded,
        limits: { maxSteps: 7, maxFetches: 3, maxIdenticalCalls: 2 },
        search: { ...upgraded.search, provider: 'brave', braveKey: 'BSA-new-key' },
      };
      await first.saveSettings(changed);
      const second = await startGleaner();
      expect(await second.loadSettings()).toEqual(changed);
    });
  },
);

describe('the settings fixtures', () => {
  it('cover every settings version up to today’s', async () => {
    const { SETTINGS_VERSION, SETTINGS_MIGRATIONS } = await startGleaner();
    // A new version needs a migration and a fixture of the version before it.
    const versions = Array.from({ length: SETTINGS_VERSION }, (_, index) => index + 1);
    expect(
      [...new Set(upgrades.map(({ fixture }) => fixture.version))].sort((a, b) => a - b),
    ).toEqual(versions);
    expect(Object.keys(SETTINGS_MIGRATIONS).map(Number)).toEqual(versions.slice(1));
  });
});

describe('built-in tools added after version 3', () => {
  it('are on for a user whose version 3 allow-list could not name them', async () => {
    await fakeBrowser.storage.local.set(settingsVersion3WithToolsOff.storage);
    const { loadSettings } = await startGleaner();
    const { disabledTools } = await loadSettings();
    // A tool the allow-list never heard of is not switched off; the two left out still are.
    const offered = ['list_tabs', 'read_tab', 'fetch', 'agentic_fetch', 'a_tool_from_v5'].filter(
      (name) => !disabledTools.includes(name),
    );
    expect(offered).toEqual(['list_tabs', 'read_tab', 'a_tool_from_v5']);
  });
});

describe('settings on a fresh install', () => {
  it('are saved with today’s version, so a later migration starts from the right one', async () => {
    const { SETTINGS_VERSION, loadSettings, saveSettings } = await startGleaner();
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
    await saveSettings({
      ...DEFAULT_SETTINGS,
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1:8b',
      limits: { maxSteps: 50, maxFetches: 20, maxIdenticalCalls: 4 },
    });
    expect((await stored()).settings$).toEqual({ v: SETTINGS_VERSION });
    const restarted = await startGleaner();
    expect((await restarted.loadSettings()).limits).toEqual({
      maxSteps: 50,
      maxFetches: 20,
      maxIdenticalCalls: 4,
    });
  });
});
