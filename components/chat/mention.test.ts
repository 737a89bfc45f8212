import { describe, expect, it } from 'vitest';
import { findMention, matchTabs, removeMention } from './mention';

const at = (text: string) => findMention(text, text.length);

describe('findMention', () => {
  it('finds an @query at the start or after a space', () => {
    expect(at('@wiki')).toEqual({ start: 0, end: 5, query: 'wiki' });
    expect(at('compare @news')).toEqual({ start: 8, end: 13, query: 'news' });
    expect(at('(@news')?.query).toBe('news');
  });

  it('offers suggestions for a bare @', () => {
    expect(at('compare @')).toEqual({ start: 8, end: 9, query: '' });
  });

  it('allows spaces in the query, since titles have them', () => {
    expect(at('@Fixture page')?.query).toBe('Fixture page');
  });

  it('ignores an @ inside a word, such as an email address', () => {
    expect(at('mail me@example.com')).toBeUndefined();
  });

  it('ignores an @ followed by a space or a line break', () => {
    expect(at('meet @ noon')).toBeUndefined();
    expect(at('@news\nand then')).toBeUndefined();
  });

  it('only looks before the caret, and takes in the rest of the word after it', () => {
    const text = 'see @wikipedia now';
    expect(findMention(text, 8)).toEqual({ start: 4, end: 14, query: 'wik' });
    expect(findMention(text, 3)).toBeUndefined();
  });
});

describe('matchTabs', () => {
  const tabs = [
    { id: 1, title: 'Rust release notes', url: 'https://blog.rust-lang.org/' },
    { id: 2, title: 'Trusting trust', url: 'https://cm.bell-labs.example/trust.html' },
    { id: 3, title: 'Weather', url: 'https://weather.example/' },
  ];

  it('matches every word of the query in the title or host, ignoring case', () => {
    expect(matchTabs(tabs, 'RELEASE rust').map((tab) => tab.id)).toEqual([1]);
    expect(matchTabs(tabs, 'bell-labs').map((tab) => tab.id)).toEqual([2]);
  });

  it('puts titles that start with the query first', () => {
    expect(matchTabs(tabs, 'rust').map((tab) => tab.id)).toEqual([1, 2]);
    expect(matchTabs([...tabs].reverse(), 'rust').map((tab) => tab.id)).toEqual([1, 2]);
  });

  it('lists every tab for an empty query, up to the limit', () => {
    expect(matchTabs(tabs, '')).toHaveLength(3);
    expect(matchTabs(tabs, '', 2)).toHaveLength(2);
  });

  it('finds nothing when the query goes on past a title', () => {
    expect(matchTabs(tabs, 'Weather and tell me more')).toEqual([]);
  });
});

describe('removeMention', () => {
  it('takes the @query out and leaves one space', () => {
    const text = 'compare @news with this';
    const mention = findMention(text, 13)!;
    expect(removeMention(text, mention)).toEqual({ text: 'compare with this', caret: 8 });
  });

  it('leaves the caret where the @ was', () => {
    const mention = at('@Fixture page')!;
    expect(removeMention('@Fixture page', mention)).toEqual({ text: '', caret: 0 });
  });
});
