import { describe, expect, it } from 'vitest';
import { ollamaOriginRule } from './ollama-origin-rule';

describe('the Ollama origin rule', () => {
  it('removes Origin only on requests from this extension to the configured Ollama endpoint', () => {
    expect(
      ollamaOriginRule({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1' }, 'extid'),
    ).toEqual({
      id: 1,
      priority: 1,
      action: {
        type: 'modifyHeaders',
        requestHeaders: [{ header: 'origin', operation: 'remove' }],
      },
      condition: {
        urlFilter: '|http://localhost:11434/',
        initiatorDomains: ['extid'],
        resourceTypes: ['xmlhttprequest', 'other'],
      },
    });
  });

  it('recognises Ollama on its port under the Custom provider', () => {
    expect(
      ollamaOriginRule({ provider: 'custom', baseUrl: 'http://127.0.0.1:11434/v1' }, 'e')?.condition
        .urlFilter,
    ).toBe('|http://127.0.0.1:11434/');
  });

  it('adds nothing for other providers or an empty base URL', () => {
    expect(
      ollamaOriginRule({ provider: 'openai', baseUrl: 'https://api.openai.com/v1' }, 'e'),
    ).toBeNull();
    expect(ollamaOriginRule({ provider: 'ollama', baseUrl: '' }, 'e')).toBeNull();
  });
});
