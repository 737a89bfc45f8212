import { describe, expect, it } from 'vitest';
import { readAheadTarget } from './read-ahead-target';
import type { WindowTab } from './window-tab';

const tab = (url: string, active = true): WindowTab => ({ id: 7, title: 'Page', url, active });

describe('which tab the panel reads ahead', () => {
  it('reads the active http(s) tab when the setting is on', () => {
    expect(readAheadTarget(tab('https://example.com/a'), true)?.id).toBe(7);
    expect(readAheadTarget(tab('http://example.com/a'), true)?.id).toBe(7);
  });

  it('reads nothing with Read the open tab ahead off, or before the settings are loaded', () => {
    expect(readAheadTarget(tab('https://example.com/a'), false)).toBeUndefined();
    expect(readAheadTarget(tab('https://example.com/a'), undefined)).toBeUndefined();
  });

  it('reads no tab that is not the active one', () => {
    expect(readAheadTarget(tab('https://example.com/a', false), true)).toBeUndefined();
    expect(readAheadTarget(undefined, true)).toBeUndefined();
  });

  it('reads no page that is not an http(s) page, nor a PDF', () => {
    for (const url of [
      'file:///home/user/notes.html',
      'chrome://settings/',
      'about:blank',
      'chrome-extension://abc/sidepanel.html',
      'data:text/html,hi',
      'not a url',
      'https://example.com/report.pdf',
    ]) {
      expect(readAheadTarget(tab(url), true), url).toBeUndefined();
    }
  });
});
