import { describe, expect, it } from 'vitest';
import { baseUrlWarning } from './base-url-warning';

describe('baseUrlWarning', () => {
  it.each([
    ['http://llm.example.com/v1', 'llm.example.com'],
    ['http://192.168.1.20:11434/v1', '192.168.1.20'],
    ['HTTP://GPU-BOX.lan:8000/v1', 'gpu-box.lan'],
    ['http://[2001:db8::5]:8080/v1', '[2001:db8::5]'],
    ['http://0.0.0.0:11434/v1', '0.0.0.0'],
  ])('warns for plain http to %s', (baseUrl, host) => {
    expect(baseUrlWarning(baseUrl)).toBe(
      `Your API key and the pages you send would travel unencrypted to ${host}.`,
    );
  });

  it.each([
    'https://api.openai.com/v1',
    'https://192.168.1.20/v1',
    'http://localhost:11434/v1',
    'http://LOCALHOST:1234/v1',
    'http://ollama.localhost:11434/v1',
    'http://127.0.0.1:8080/v1',
    'http://127.8.9.10/v1',
    'http://2130706433:8080/v1',
    'http://[::1]:8080/v1',
    'http://[::ffff:127.0.0.1]/v1',
    '  http://localhost:11434/v1  ',
  ])('does not warn for %s', (baseUrl) => {
    expect(baseUrlWarning(baseUrl)).toBeUndefined();
  });

  it('leaves text that is not a URL to the settings schema', () => {
    expect(baseUrlWarning('localhost:11434')).toBeUndefined();
    expect(baseUrlWarning('')).toBeUndefined();
  });
});
