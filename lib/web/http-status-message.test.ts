import { describe, expect, it } from 'vitest';
import { httpStatusMessage } from './http-status-message';

describe('httpStatusMessage', () => {
  it('uses the server’s reason phrase', () => {
    expect(httpStatusMessage({ status: 404, statusText: 'Not Found' }, 'https://a.io/x')).toBe(
      'The server answered 404 Not Found for https://a.io/x.',
    );
  });

  it('fills in the phrase HTTP/2 does not carry', () => {
    expect(httpStatusMessage({ status: 503, statusText: '' }, 'https://a.io/')).toBe(
      'The server answered 503 Service Unavailable for https://a.io/.',
    );
  });

  it('falls back to the bare code', () => {
    expect(httpStatusMessage({ status: 599, statusText: '' }, 'https://a.io/')).toBe(
      'The server answered HTTP 599 for https://a.io/.',
    );
  });

  it('explains that a login page cannot be read without cookies', () => {
    expect(httpStatusMessage({ status: 403, statusText: '' }, 'https://a.io/')).toContain(
      'without cookies or credentials',
    );
  });
});
