import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import {
  draftFrom,
  settingsFrom,
  withContextWindow,
  withModel,
  withProvider,
} from './settings-draft';

const empty = draftFrom(DEFAULT_SETTINGS);

describe('settings draft', () => {
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
