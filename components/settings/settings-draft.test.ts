import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings/schema';
import { DEFAULT_DUCKDUCKGO_URL } from '../../lib/web/search/duckduckgo';
import {
  draftFrom,
  searxngPrivateHost,
  settingsFrom,
  visibleSearchFields,
  withContextWindow,
  withModel,
  withProvider,
} from './settings-draft';

const empty = draftFrom(DEFAULT_SETTINGS);

describe('settings draft', () => {
  it('carries the limits per answer, typed as text, into settings', () => {
    expect(empty.maxSteps).toBe('20');
    const typed = { ...empty, maxSteps: '40', maxFetches: '0', maxIdenticalCalls: '' };
    expect(settingsFrom(typed, DEFAULT_SETTINGS).limits).toEqual({
      maxSteps: 40,
      maxFetches: 0,
      maxIdenticalCalls: Number.NaN,
    });
  });

  it('fills Base URL from a preset when it is empty or still another preset default', () => {
    const ollama = withProvider(empty, 'ollama');
    expect(ollama.baseUrl).toBe('http://localhost:11434/v1');
    expect(withProvider(ollama, 'openai').baseUrl).toBe('https://api.openai.com/v1');
  });

  it('keeps a Base URL the user typed', () => {
    const typed = { ...empty, baseUrl: 'http://gpu-box:8000/v1' };
    expect(withProvider(typed, 'openrouter').baseUrl).toBe('http://gpu-box:8000/v1');
  });

  it('prefills the context window for a known model until it is edited by hand', () => {
    const known = withModel(empty, 'gpt-4o-mini');
    expect(known.contextWindow).toBe('128000');
    expect(withModel(known, 'some-unknown-model').contextWindow).toBe('8192');
    const edited = withContextWindow(known, '64000');
    expect(withModel(edited, 'llama3.1:8b').contextWindow).toBe('64000');
  });

  it('treats a stored context window that differs from the model default as edited', () => {
    const draft = draftFrom({ ...DEFAULT_SETTINGS, model: 'gpt-4o', contextWindow: 50_000 });
    expect(withModel(draft, 'gpt-4.1').contextWindow).toBe('50000');
  });

  it('turns an empty context window into an invalid number, not a default', () => {
    const settings = settingsFrom({ ...empty, contextWindow: '' }, DEFAULT_SETTINGS);
    expect(Number.isNaN(settings.contextWindow)).toBe(true);
    expect(
      settingsFrom({ ...empty, contextWindow: '32,768' }, DEFAULT_SETTINGS).contextWindow,
    ).toBe(32_768);
  });
});

describe('web search in the settings draft', () => {
  it('starts from the stored search settings, DuckDuckGo by default', () => {
    expect(empty.searchProvider).toBe('duckduckgo');
    expect(empty.duckduckgoUrl).toBe(DEFAULT_DUCKDUCKGO_URL);
    expect(empty.searxngUrl).toBe('');
    expect(empty.braveKey).toBe('');
  });

  it('writes the provider and its trimmed fields back under search', () => {
    const draft = {
      ...empty,
      searchProvider: 'searxng' as const,
      searxngUrl: '  http://searx.lan:8080  ',
      braveKey: ' key-kept-while-hidden ',
    };
    expect(settingsFrom(draft, DEFAULT_SETTINGS).search).toEqual({
      provider: 'searxng',
      duckduckgoUrl: DEFAULT_DUCKDUCKGO_URL,
      searxngUrl: 'http://searx.lan:8080',
      braveKey: 'key-kept-while-hidden',
    });
  });

  it('puts a cleared DuckDuckGo address back to the default', () => {
    expect(
      settingsFrom({ ...empty, duckduckgoUrl: ' ' }, DEFAULT_SETTINGS).search.duckduckgoUrl,
    ).toBe(DEFAULT_DUCKDUCKGO_URL);
  });

  it('keeps the other settings the form does not show', () => {
    const stored = { ...DEFAULT_SETTINGS, disabledTools: ['read_tab'] };
    expect(settingsFrom(draftFrom(stored), stored).disabledTools).toEqual(['read_tab']);
  });

  it('names the fields each provider shows, so errors on them show at the field', () => {
    expect(visibleSearchFields('searxng')).toContain('search.searxngUrl');
    expect(visibleSearchFields('brave')).toContain('search.braveKey');
    expect(visibleSearchFields('duckduckgo')).toContain('search.duckduckgoUrl');
    expect(visibleSearchFields('duckduckgo')).not.toContain('search.searxngUrl');
  });
});

describe('searxngPrivateHost', () => {
  it('spots a SearXNG on the LAN or this computer, and what to exempt', () => {
    expect(searxngPrivateHost('http://searx.lan:8080', [])).toEqual({
      entry: 'searx.lan:8080',
      description: 'a name that only resolves on the local network',
      exempted: false,
    });
    expect(searxngPrivateHost('http://localhost:8888/', [])?.entry).toBe('localhost:8888');
    expect(searxngPrivateHost('https://192.168.1.20', [])?.entry).toBe('192.168.1.20');
  });

  it('says when the host is already exempted', () => {
    expect(searxngPrivateHost('http://searx.lan:8080', ['searx.lan:8080'])?.exempted).toBe(true);
    expect(searxngPrivateHost('http://searx.lan:8080', ['searx.lan'])?.exempted).toBe(false);
  });

  it('ignores public and unparseable addresses', () => {
    expect(searxngPrivateHost('https://searx.example.org', [])).toBeUndefined();
    expect(searxngPrivateHost('not a url', [])).toBeUndefined();
    expect(searxngPrivateHost('', [])).toBeUndefined();
  });
});
