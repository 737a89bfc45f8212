import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';
import { DEFAULT_DUCKDUCKGO_URL } from '../../lib/web/search/duckduckgo';
import { SettingsForm } from './settings-form';

function render(search: Partial<Settings['search']> = {}, exemptHosts: string[] = []) {
  return renderToStaticMarkup(
    <SettingsForm
      settings={{ ...DEFAULT_SETTINGS, search: { ...DEFAULT_SETTINGS.search, ...search } }}
      onSave={async (settings) => ({ ok: true, settings })}
      onTestConnection={async () => ({ ok: true, models: [] })}
      exemptHosts={exemptHosts}
      onExemptHost={async () => undefined}
    />,
  );
}

const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>([^<]*)<\/label>/g)].map((m) => m[1]);

describe('SettingsForm: web search', () => {
  it('keeps the connection fields and adds a Web search group with a Search provider select', () => {
    const html = render();
    expect(labels(html)).toEqual(
      expect.arrayContaining([
        'Provider',
        'Base URL',
        'API key',
        'Model',
        'Small model',
        'Context window',
        'Search provider',
      ]),
    );
    expect(html).toContain('<legend>Web search</legend>');
    expect(html).toMatch(/<option value="duckduckgo" selected="">DuckDuckGo \(no key\)<\/option>/);
    expect(html).toContain('<option value="searxng">SearXNG</option>');
    expect(html).toContain('<option value="brave">Brave Search API</option>');
  });

  it('shows the DuckDuckGo URL, prefilled and folded under Advanced, for DuckDuckGo only', () => {
    const html = render();
    expect(labels(html)).toContain('DuckDuckGo URL');
    expect(html).toContain(`value="${DEFAULT_DUCKDUCKGO_URL}"`);
    expect(html).toMatch(/<details class="advanced"><summary>Advanced<\/summary>/);
    expect(labels(html)).not.toContain('SearXNG URL');
    expect(labels(html)).not.toContain('Brave API key');
  });

  it('unfolds a DuckDuckGo URL that is not the default', () => {
    expect(render({ duckduckgoUrl: 'http://127.0.0.1:9000/html/' })).toMatch(
      /<details class="advanced" open="">/,
    );
  });

  it('shows the SearXNG URL with the private-host note for SearXNG', () => {
    const html = render({ provider: 'searxng', searxngUrl: 'https://searx.example.org' });
    expect(labels(html)).toContain('SearXNG URL');
    expect(labels(html)).not.toContain('DuckDuckGo URL');
    expect(html).toContain('Permissions → Private host');
  });

  it('offers to exempt a SearXNG on the LAN until it is exempted', () => {
    const lan = render({ provider: 'searxng', searxngUrl: 'http://searx.lan:8080' });
    expect(lan).toContain('Allow searx.lan:8080 as a private host');
    const done = render({ provider: 'searxng', searxngUrl: 'http://searx.lan:8080' }, [
      'searx.lan:8080',
    ]);
    expect(done).not.toContain('Allow searx.lan:8080 as a private host');
    expect(done).toContain('allowed in Permissions → Private host');
  });

  it('shows the Brave API key as a password field for Brave', () => {
    const html = render({ provider: 'brave', braveKey: 'secret' });
    expect(labels(html)).toContain('Brave API key');
    const passwords = html.match(/<input[^>]*type="password"[^>]*>/g) ?? [];
    // The model's API key and the Brave key.
    expect(passwords).toHaveLength(2);
    expect(passwords.some((input) => input.includes('value="secret"'))).toBe(true);
  });
});

describe('SettingsForm: an unencrypted Base URL', () => {
  const withBaseUrl = (baseUrl: string) =>
    renderToStaticMarkup(
      <SettingsForm
        settings={{ ...DEFAULT_SETTINGS, provider: 'custom', baseUrl }}
        onSave={async (settings) => ({ ok: true, settings })}
        onTestConnection={async () => ({ ok: true, models: [] })}
        exemptHosts={[]}
        onExemptHost={async () => undefined}
      />,
    );

  it('warns before saving when plain http leaves this computer, never for loopback', () => {
    expect(withBaseUrl('http://llm.example.com/v1')).toContain(
      'Your API key and the pages you send would travel unencrypted to llm.example.com.',
    );
    expect(withBaseUrl('http://localhost:11434/v1')).not.toContain('unencrypted');
    expect(withBaseUrl('http://[::1]:1234/v1')).not.toContain('unencrypted');
    expect(withBaseUrl('https://llm.example.com/v1')).not.toContain('unencrypted');
  });
});
