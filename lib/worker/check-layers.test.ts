import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheckScript } from '../../testing/run-check-script';

const script = fileURLToPath(new URL('../../scripts/check-layers.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('../../testing/fixtures/layers', import.meta.url));

const run = (root?: string) => runCheckScript(script, root);

describe('the layer check in npm run check', () => {
  it('fails on an import up a layer, a cycle between folders, test code in shipped code and an alias', () => {
    const { code, output } = run(fixture);
    expect(code).toBe(1);
    const problems = output.trim().split('\n').slice(1).sort();
    expect(problems).toEqual(
      [
        'components/view.tsx: components/ may not import hooks/ (../hooks/use-thing)',
        'entrypoints/main.ts: imports "@/lib/agent/loop" through an alias; use a relative path',
        'entrypoints/main.ts: shipped code imports test code (testing/fake.ts)',
        // lib/db and lib/web import each other: the half that runs up is the one reported.
        'lib/web/helper.ts: lib/web may not import lib/db (../db/database)',
      ].sort(),
    );
  });

  it('passes on this repository', () => {
    expect(run()).toMatchObject({ code: 0 });
  });
});
