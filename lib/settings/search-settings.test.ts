import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_SETTINGS, searchSettingsSchema } from './search-settings';

function issues(input: unknown) {
  const parsed = searchSettingsSchema.safeParse(input);
  if (parsed.success) throw new Error('expected the settings to be refused');
  return parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('searchSettingsSchema', () => {
  it('fills in DuckDuckGo for settings stored before search existed', () => {
    expect(searchSettingsSchema.parse({})).toEqual(DEFAULT_SEARCH_SETTINGS);
    expect(DEFAULT_SEARCH_SETTINGS).toEqual({
      provider: 'duckduckgo',
      duckduckgoUrl: 'https://html.duckduckgo.com/html/',
      searxngUrl: '',
      braveKey: '',
    });
  });

  it('accepts a SearXNG instance on the LAN and trims what was typed', () => {
    expect(
      searchSettingsSchema.parse({
        provider: 'searxng',
        searxngUrl: ' http://192.168.1.20:8888/ ',
      }),
    ).toMatchObject({ provider: 'searxng', searxngUrl: 'http://192.168.1.20:8888/' });
  });

  it('says SearXNG needs an address when chosen without one', () => {
    expect(issues({ provider: 'searxng' })).toEqual([
      {
        path: 'searxngUrl',
        message:
          'SearXNG needs the address of an instance, like https://searx.example.org: enter it in ' +
          'Settings, or choose another search provider.',
      },
    ]);
  });

  it('says Brave Search needs a key when chosen without one', () => {
    expect(issues({ provider: 'brave', braveKey: '   ' })).toEqual([
      {
        path: 'braveKey',
        message:
          'Brave Search needs an API key: enter it in Settings, or choose another search provider.',
      },
    ]);
  });

  it('refuses addresses that are not http(s), or carry a password', () => {
    expect(issues({ searxngUrl: 'searx.lan' })[0]!.message).toBe(
      'The SearXNG address must be an http:// or https:// address, like https://searx.example.org',
    );
    expect(issues({ duckduckgoUrl: 'https://user:pw@html.duckduckgo.com/html/' })[0]!.message).toBe(
      'The DuckDuckGo address must not contain a user name or password',
    );
    expect(issues({ duckduckgoUrl: '' })[0]!.path).toBe('duckduckgoUrl');
  });

  it('refuses a key with spaces inside', () => {
    expect(issues({ provider: 'brave', braveKey: 'BSA abc' })[0]!.path).toBe('braveKey');
  });

  it('keeps a SearXNG address when another provider is chosen', () => {
    expect(
      searchSettingsSchema.parse({
        provider: 'duckduckgo',
        searxngUrl: 'https://searx.example.org',
      }),
    ).toMatchObject({ provider: 'duckduckgo', searxngUrl: 'https://searx.example.org' });
  });
});
