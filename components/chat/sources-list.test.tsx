import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourcesList } from './sources-list';

describe('SourcesList', () => {
  it('renders each source as a link with its title and its URL visible', () => {
    const html = renderToStaticMarkup(
      <SourcesList
        sources={[
          { title: 'Dexie.js release notes', url: 'https://dexie.org/docs/releases' },
          { title: '', url: 'https://github.com/dexie/Dexie.js/releases' },
          // The same page reached twice (the sub-agent and the main agent) is listed once.
          { title: 'Dexie.js release notes', url: 'https://dexie.org/docs/releases' },
        ]}
      />,
    );
    expect(html).toContain('aria-label="Sources"');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain(
      '<a href="https://dexie.org/docs/releases" title="https://dexie.org/docs/releases" target="_blank" rel="noopener noreferrer">Dexie.js release notes</a><span class="source-url">https://dexie.org/docs/releases</span>',
    );
    // No title: the URL is the link text.
    expect(html).toContain(
      'rel="noopener noreferrer">https://github.com/dexie/Dexie.js/releases</a>',
    );
  });

  it('does not link an address that is not http(s)', () => {
    const html = renderToStaticMarkup(
      <SourcesList sources={[{ title: 'Bad', url: 'javascript:alert(1)' }]} />,
    );
    expect(html).not.toContain('<a ');
    expect(html).toContain('<span>Bad</span>');
  });
});
