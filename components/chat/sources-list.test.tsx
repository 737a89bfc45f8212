import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { local, sourceNoteOf } from '../../lib/i18n/local-text';
import { setActiveLanguage } from '../../lib/i18n/translate';
import { SourcesList } from './sources-list';

afterEach(() => setActiveLanguage('en'));

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

  it('shows a note beside a source in the chosen language, and an older English note as stored', () => {
    setActiveLanguage('zh_CN');
    const html = renderToStaticMarkup(
      <SourcesList
        sources={[
          {
            title: 'Guide',
            url: 'https://docs.example/guide',
            ...sourceNoteOf(local('sourceNoteUsedShare', 62)),
          },
          { title: 'Old', url: 'https://docs.example/old', note: 'used 40% of the page' },
        ]}
      />,
    );
    expect(html).toContain('<span class="source-note">读取了页面的 62%</span>');
    expect(html).toContain('<span class="source-note">used 40% of the page</span>');
  });

  it('does not link an address that is not http(s)', () => {
    const html = renderToStaticMarkup(
      <SourcesList sources={[{ title: 'Bad', url: 'javascript:alert(1)' }]} />,
    );
    expect(html).not.toContain('<a ');
    expect(html).toContain('<span>Bad</span>');
  });
});

describe('SourcesList with citations', () => {
  const sources = [
    { title: 'Tab', url: 'https://tab.test/', number: 1, cited: false },
    { title: 'Tides', url: 'https://tides.test/', number: 2, cited: true },
    { title: 'Moon', url: 'https://moon.test/', number: 3, cited: false },
    { title: 'Sea', url: 'https://sea.test/', number: 4, cited: true },
  ];

  it('lists the cited sources numbered as their markers and folds the rest under Also read', () => {
    const html = renderToStaticMarkup(<SourcesList sources={sources} />);
    const [list, fold] = html.split('<details');
    expect(list?.match(/<li value="\d">/g)).toEqual(['<li value="2">', '<li value="4">']);
    expect(fold).toContain('<summary>Also read (2)</summary>');
    expect(fold?.match(/<li value="\d">/g)).toEqual(['<li value="1">', '<li value="3">']);
  });

  it('lists everything it read when the answer cites nothing', () => {
    const html = renderToStaticMarkup(
      <SourcesList sources={sources.map((source) => ({ ...source, cited: false }))} />,
    );
    expect(html).not.toContain('Also read');
    expect(html.match(/<li value/g)).toHaveLength(4);
  });
});
