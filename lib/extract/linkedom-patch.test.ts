import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

describe('linkedom as installed (scripts/patch-linkedom.mjs)', () => {
  it('gives a node listener storage only when a listener is added', () => {
    // The guard for the install step: without it every parsed node costs a map, and large
    // extraction runs stall in garbage collection.
    const entry = createRequire(import.meta.url).resolve('linkedom');
    const root = path.resolve(path.dirname(entry), '..');
    for (const flavour of ['esm', 'cjs']) {
      const source = fs.readFileSync(path.join(root, flavour, 'interface/event-target.js'), 'utf8');
      expect(source).toContain('scripts/patch-linkedom.mjs');
    }
  });

  it('still delivers events to listeners, and stops after one is removed', () => {
    const { document, Event } = parseHTML('<html><body><button>Go</button></body></html>');
    const button = document.querySelector('button')!;
    const heard: string[] = [];
    const listener = (event: Event) => heard.push(event.type);
    button.addEventListener('click', listener);
    document.body.addEventListener('click', () => heard.push('bubbled'));
    button.dispatchEvent(new Event('click', { bubbles: true }));
    button.removeEventListener('click', listener);
    document.body.removeEventListener('focus', listener);
    button.dispatchEvent(new Event('click', { bubbles: true }));
    expect(heard).toEqual(['click', 'bubbled', 'bubbled']);
  });
});
