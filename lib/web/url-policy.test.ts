import { describe, expect, it } from 'vitest';
import { matchesExemptHost, normalizeFetchUrl } from './url-policy';

function fetchedUrl(raw: string, exemptHosts: string[] = []) {
  const result = normalizeFetchUrl(raw, { exemptHosts });
  if (!result.ok) throw new Error(`expected ${raw} to pass, got: ${result.reason}`);
  return result.url;
}

function refusal(raw: string, exemptHosts: string[] = []) {
  const result = normalizeFetchUrl(raw, { exemptHosts });
  if (result.ok) throw new Error(`expected ${raw} to be refused, got ${result.url}`);
  return result.reason;
}

describe('normalizeFetchUrl: schemes and credentials', () => {
  it.each([
    ['ftp://example.com/file', 'not ftp: URLs'],
    ['file:///etc/passwd', 'not file: URLs'],
    ['javascript:alert(1)', 'not javascript: URLs'],
    ['data:text/plain,hi', 'not data: URLs'],
    ['chrome://settings', 'not chrome: URLs'],
    ['chrome-extension://abc/page.html', 'not chrome-extension: URLs'],
  ])('refuses %s naming the scheme', (raw, words) => {
    expect(refusal(raw)).toContain(words);
  });

  it.each(['example.com/page', '/relative/path', 'not a url', ''])(
    'refuses %j as not an absolute URL',
    (raw) => {
      expect(refusal(raw)).toContain('is not a valid absolute URL');
    },
  );

  it.each([
    'https://user:secret@example.com/',
    'https://user@example.com/',
    'https://:secret@example.com/',
  ])('refuses %s because it carries credentials, without repeating them', (raw) => {
    const reason = refusal(raw);
    expect(reason).toContain('user name or password');
    expect(reason).not.toContain('secret');
  });

  it('drops the fragment, which is never sent', () => {
    expect(fetchedUrl('https://example.com/a?b=1#section')).toBe('https://example.com/a?b=1');
  });
});

describe('normalizeFetchUrl: GitHub blob pages become raw files', () => {
  it.each([
    [
      'https://github.com/QwenLM/Qwen/blob/main/README.md',
      'https://raw.githubusercontent.com/QwenLM/Qwen/main/README.md',
    ],
    [
      'https://www.github.com/owner/repo/blob/v1.2.3/src/deep/file.ts',
      'https://raw.githubusercontent.com/owner/repo/v1.2.3/src/deep/file.ts',
    ],
    [
      'http://github.com/o/r.js/blob/0123abc/docs/a%20b.md#L10',
      'https://raw.githubusercontent.com/o/r.js/0123abc/docs/a%20b.md',
    ],
    [
      'https://GitHub.com/o/r/blob/main/x.py?plain=1',
      'https://raw.githubusercontent.com/o/r/main/x.py',
    ],
  ])('%s → %s', (raw, expected) => {
    const result = normalizeFetchUrl(raw);
    expect(result).toMatchObject({ ok: true, url: expected });
    expect(result.ok && result.rewrites[0]).toContain('GitHub file page');
  });

  it.each([
    'https://github.com.evil.io/o/r/blob/main/README.md',
    'https://evilgithub.com/o/r/blob/main/README.md',
    'https://gist.github.com/o/r/blob/main/README.md',
    'https://github.com/o/r/tree/main/docs',
    'https://github.com/o/r/blob/main',
    'https://github.com/o/r/blob/main/',
    'https://github.com/o/blob/main/README.md',
    'https://github.com/o/r/raw/main/README.md',
    'https://github.com:8443/o/r/blob/main/README.md',
    'https://api.github.com/repos/o/r/blob/main/README.md',
  ])('leaves the lookalike %s alone', (raw) => {
    const result = normalizeFetchUrl(raw);
    expect(result.ok && result.url).not.toContain('raw.githubusercontent.com');
    expect(result.ok && result.rewrites.some((rewrite) => rewrite.includes('GitHub'))).toBe(false);
  });
});

describe('normalizeFetchUrl: http is upgraded to https', () => {
  it.each([
    ['http://example.com/page', 'https://example.com/page', 'http://example.com/page'],
    ['http://example.com:80/page', 'https://example.com/page', 'http://example.com/page'],
    ['HTTP://Example.COM/Page', 'https://example.com/Page', 'http://example.com/Page'],
  ])('upgrades %s on the default port', (raw, expected, canonical) => {
    expect(normalizeFetchUrl(raw)).toEqual({
      ok: true,
      url: expected,
      rewrites: [`upgraded ${canonical} → ${expected}`],
    });
  });

  it.each([
    ['http://example.com:8080/', 'an explicit port'],
    ['http://93.184.216.34/', 'a public IPv4 literal (certificates for bare addresses are rare)'],
    ['http://[2606:4700:4700::1111]/', 'a public IPv6 literal'],
  ])('keeps http for %s (%s)', (raw) => {
    expect(fetchedUrl(raw)).toBe(raw);
  });

  it('keeps http for an exempted host', () => {
    expect(fetchedUrl('http://searx.lan/search?q=x', ['searx.lan'])).toBe(
      'http://searx.lan/search?q=x',
    );
  });

  it('never downgrades https', () => {
    expect(fetchedUrl('https://example.com/')).toBe('https://example.com/');
    expect(fetchedUrl('https://example.com:8443/')).toBe('https://example.com:8443/');
  });

  it('reports no rewrite for a URL that needs none', () => {
    expect(normalizeFetchUrl('https://example.com/')).toEqual({
      ok: true,
      url: 'https://example.com/',
      rewrites: [],
    });
  });

  it('is idempotent: a normalized URL passes unchanged', () => {
    const once = fetchedUrl('http://github.com/o/r/blob/main/a.md');
    expect(normalizeFetchUrl(once)).toEqual({ ok: true, url: once, rewrites: [] });
  });
});

describe('normalizeFetchUrl: the private-address guard', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://localhost:3000/', 'localhost', 'loopback'],
    ['http://LOCALHOST./', 'localhost.', 'loopback'],
    ['http://app.localhost/', 'app.localhost', 'loopback'],
    ['http://[::1]:8080/', '[::1]', 'loopback'],
    ['http://10.1.2.3/', '10.1.2.3', 'private'],
    ['http://172.20.0.5/', '172.20.0.5', 'private'],
    ['http://192.168.0.1/admin', '192.168.0.1', 'private'],
    ['http://[fd00::1]/', '[fd00::1]', 'private'],
    ['http://169.254.10.10/', '169.254.10.10', 'link-local'],
    ['http://[fe80::1]/', '[fe80::1]', 'link-local'],
    ['http://100.64.1.1/', '100.64.1.1', 'carrier-grade NAT'],
    ['http://0.0.0.0/', '0.0.0.0', '"this network"'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloud metadata'],
    ['http://metadata.google.internal/', 'metadata.google.internal', 'cloud metadata'],
    ['http://[fd00:ec2::254]/', '[fd00:ec2::254]', 'cloud metadata'],
    ['http://printer.local/', 'printer.local', 'local network'],
    ['http://vault.internal/', 'vault.internal', 'local network'],
    ['http://nas.home.arpa/', 'nas.home.arpa', 'local network'],
    ['https://router/', 'router', 'local network'],
  ])('refuses %s naming %s and calling it %s', (raw, host, category) => {
    const reason = refusal(raw);
    expect(reason).toContain(`Gleaner does not fetch ${host}`);
    expect(reason).toContain(category);
    expect(reason).toContain('exempted in Settings');
  });

  // The WHATWG URL parser canonicalises these; the reason shows both what was written and what a
  // browser would connect to.
  it.each([
    ['http://2130706433/', '2130706433 (which browsers read as 127.0.0.1)'],
    ['http://0177.0.0.1/', '0177.0.0.1 (which browsers read as 127.0.0.1)'],
    ['http://0x7f.0.0.1/', '0x7f.0.0.1 (which browsers read as 127.0.0.1)'],
    ['http://0x7f000001/', '0x7f000001 (which browsers read as 127.0.0.1)'],
    ['http://017700000001/', '017700000001 (which browsers read as 127.0.0.1)'],
    ['http://127.1/', '127.1 (which browsers read as 127.0.0.1)'],
    ['http://0/', '0 (which browsers read as 0.0.0.0)'],
    ['http://0xa9fea9fe/', '0xa9fea9fe (which browsers read as 169.254.169.254)'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:127.0.0.1] (which browsers read as [::ffff:7f00:1])'],
    [
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      '[0:0:0:0:0:ffff:7f00:1] (which browsers read as [::ffff:7f00:1])',
    ],
    ['http://[::ffff:10.0.0.1]/', '[::ffff:10.0.0.1] (which browsers read as [::ffff:a00:1])'],
    ['http://127.0.0.1.:8000/', '127.0.0.1.'],
  ])('refuses the numeric disguise %s', (raw, named) => {
    expect(refusal(raw)).toContain(`Gleaner does not fetch ${named}`);
  });

  it('says which IPv4 address an IPv4-mapped IPv6 address carries', () => {
    expect(refusal('http://[::ffff:7f00:1]/')).toContain(
      'it is a loopback address (this computer), since it carries the IPv4 address 127.0.0.1.',
    );
  });

  it.each([
    ['http://[::ffff:0:127.0.0.1]/', '127.0.0.1'],
    ['http://[::ffff:0:a00:1]/', '10.0.0.1'],
    ['http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/', '169.254.169.254'],
  ])('refuses the IPv6 translation form %s as the IPv4 address it carries', (raw, ipv4) => {
    expect(refusal(raw)).toContain(`since it carries the IPv4 address ${ipv4}.`);
  });

  it('keeps the scheme of a bare IP address, http or https', () => {
    expect(fetchedUrl('http://93.184.216.34/a')).toBe('http://93.184.216.34/a');
    expect(fetchedUrl('https://93.184.216.34/a')).toBe('https://93.184.216.34/a');
    expect(fetchedUrl('http://[64:ff9b::808:808]/')).toBe('http://[64:ff9b::808:808]/');
  });

  it('refuses after the GitHub rewrite only for the host really fetched', () => {
    // The rewrite target is public, so a blob URL always passes the guard.
    expect(fetchedUrl('https://github.com/o/r/blob/main/a.md')).toContain(
      'raw.githubusercontent.com',
    );
  });
});

describe('normalizeFetchUrl: exempted hosts', () => {
  it.each([
    ['http://127.0.0.1:8888/search', ['127.0.0.1:8888']],
    ['http://LOCALHOST:8888/', ['localhost:8888']],
    ['http://localhost:8888/', ['LocalHost:8888']],
    ['http://searx.lan/', ['searx.lan']],
    ['http://searx.lan:80/', ['searx.lan:80']],
    ['https://nas.local/', ['nas.local:443']],
    ['http://[::1]:9000/', ['[0:0::1]:9000']],
    ['http://192.168.1.5:8080/', ['http://192.168.1.5:8080/']],
  ])('lets %s through when %j is exempted', (raw, exempt) => {
    expect(fetchedUrl(raw, exempt)).toBe(new URL(raw).href);
  });

  it.each([
    ['http://127.0.0.1:9999/', ['127.0.0.1:8888'], 'another port'],
    ['http://127.0.0.1:8888/', ['127.0.0.1'], 'an entry without port covers the default port only'],
    ['http://127.0.0.2/', ['127.0.0.1'], 'another address'],
    ['http://evil.localhost/', ['localhost'], 'a subdomain'],
  ])('still refuses %s when %j is exempted (%s)', (raw, exempt) => {
    expect(refusal(raw, exempt)).toContain('Gleaner does not fetch');
  });
});

describe('matchesExemptHost', () => {
  it('ignores blank and unparseable entries', () => {
    expect(matchesExemptHost(new URL('http://localhost/'), ['', '  ', 'http://'])).toBe(false);
  });
});
