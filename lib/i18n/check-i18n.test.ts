import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheckScript } from '../../testing/run-check-script';

const script = fileURLToPath(new URL('../../scripts/check-i18n.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('../../testing/fixtures/i18n', import.meta.url));

const run = (root?: string) => runCheckScript(script, root);

// Each test runs the check in a child process that parses the files with TypeScript: on a loaded
// machine that takes longer than vitest's default five seconds.
describe('the localisation check in npm run check', { timeout: 30_000 }, () => {
  it('fails on missing and unused messages, missing plural forms and hard-coded English', () => {
    const { code, output } = run(fixture);
    expect(code).toBe(1);
    const problems = output.trim().split('\n').slice(1).sort();
    expect(problems).toEqual(
      [
        'public/_locales/ru/messages.json: "greeting" has other placeholders than in English',
        'public/_locales/ru/messages.json: "save" is missing',
        'public/_locales/ru/messages.json: "extra" is not in English',
        // Russian needs one, few and many; Chinese has a single form, so "other" is enough.
        'public/_locales/ru/messages.json: "files__few" is missing',
        'public/_locales/ru/messages.json: "files__many" is missing',
        'public/_locales/en/messages.json: "orphan" is used nowhere',
        // An aria-label, JSX text, a placeholder and a string shown by &&; not Ctrl+Enter, not a
        // string compared in a condition, not t()'s keys.
        'components/view.tsx:5: hard-coded text "Search results"; use t()',
        'components/view.tsx:9: hard-coded text "Save now"; use t()',
        'components/view.tsx:11: hard-coded text "Wait"; use t()',
        'components/view.tsx:12: hard-coded text "Working…"; use t()',
      ].sort(),
    );
  });

  it('passes on this repository', () => {
    expect(run()).toMatchObject({ code: 0 });
  });
});
