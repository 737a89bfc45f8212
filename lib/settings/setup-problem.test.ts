import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './schema';
import { describeSetup, setupProblem } from './setup-problem';

const openAi = {
  ...DEFAULT_SETTINGS,
  provider: 'openai' as const,
  baseUrl: 'https://api.openai.com/v1',
  apiKey: 'sk-1',
  model: 'gpt-4o-mini',
};

describe('setupProblem', () => {
  it('names the Base URL when it is empty', () => {
    expect(setupProblem({ ...openAi, baseUrl: ' ' })?.field).toBe('baseUrl');
  });
  it('names the API key for a hosted preset at its own address', () => {
    expect(setupProblem({ ...openAi, apiKey: '' })).toEqual({
      field: 'apiKey',
      message: 'Enter an API key: OpenAI needs one.',
    });
    // A proxy on another address may need no key.
    expect(setupProblem({ ...openAi, apiKey: '', baseUrl: 'http://proxy.lan/v1' })).toBeUndefined();
  });
  it('names the Model when none is chosen', () => {
    expect(setupProblem({ ...openAi, model: '' })?.field).toBe('model');
  });
  it('accepts a local server without a key', () => {
    expect(
      setupProblem({
        provider: 'ollama',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: '',
        model: 'qwen3',
      }),
    ).toBeUndefined();
  });
});

describe('describeSetup', () => {
  it('says which model on which provider, or on which host for a custom address', () => {
    expect(describeSetup(openAi)).toBe('gpt-4o-mini on OpenAI');
    expect(describeSetup({ provider: 'ollama', model: 'qwen3', baseUrl: '' })).toBe(
      'qwen3 on Ollama',
    );
    expect(
      describeSetup({ provider: 'custom', model: 'm', baseUrl: 'http://127.0.0.1:5000/v1' }),
    ).toBe('m on 127.0.0.1:5000');
  });
});
