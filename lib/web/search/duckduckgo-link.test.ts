import { describe, expect, it } from 'vitest';
import { unwrapDuckDuckGoLink } from './duckduckgo-link';

const PAGE = 'https://html.duckduckgo.com/html/';

describe('unwrapDuckDuckGoLink', () => {
  it('unwraps a protocol-relative redirect link to the address it carries', () => {
    const href =
      '//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2Fa%20b%3Fx%3D1%26y%3D2%23part&rut=abc123';
    expect(unwrapDuckDuckGoLink(href, PAGE)).toBe('https://example.org/a%20b?x=1&y=2#part');
  });

  it('unwraps redirect links on http, on a subdomain and without the trailing slash', () => {
    const target = encodeURIComponent('https://example.org/');
    expect(unwrapDuckDuckGoLink(`http://duckduckgo.com/l/?uddg=${target}`, PAGE)).toBe(
      'https://example.org/',
    );
    expect(unwrapDuckDuckGoLink(`https://html.duckduckgo.com/l?uddg=${target}`, PAGE)).toBe(
      'https://example.org/',
    );
    expect(unwrapDuckDuckGoLink(`https://DuckDuckGo.com./l/?uddg=${target}`, PAGE)).toBe(
      'https://example.org/',
    );
  });

  it.each([
    'https://duckduckgo.com.evil.test/l/?uddg=https%3A%2F%2Fexample.org%2F',
    'https://evilduckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F',
    'https://duckduckgo.com@evil.test/l/?uddg=https%3A%2F%2Fexample.org%2F',
    'https://evil.test/l/?uddg=https%3A%2F%2Fexample.org%2F&host=duckduckgo.com',
  ])('leaves the lookalike %s as the link it is', (href) => {
    const unwrapped = unwrapDuckDuckGoLink(href, PAGE);
    expect(unwrapped).not.toBe('https://example.org/');
    expect(new URL(unwrapped!).hostname).not.toBe('example.org');
  });

  it('keeps a direct link as it is, resolved against the page', () => {
    expect(unwrapDuckDuckGoLink('https://example.org/page?q=1', PAGE)).toBe(
      'https://example.org/page?q=1',
    );
  });

  it.each([
    ['an ad click link', 'https://duckduckgo.com/y.js?ad_domain=shop.example&u3=x'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['a redirect to a javascript: URL', '//duckduckgo.com/l/?uddg=javascript%3Aalert(1)'],
    ['a redirect without its target', '//duckduckgo.com/l/?rut=abc'],
    ['a redirect to something that is not a URL', '//duckduckgo.com/l/?uddg=not%20a%20url'],
    ['a mailto: link', 'mailto:someone@example.org'],
  ])('drops %s', (_name, href) => {
    expect(unwrapDuckDuckGoLink(href, PAGE)).toBeUndefined();
  });
});
