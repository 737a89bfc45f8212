// Runs the Firefox e2e suite (e2e-firefox/*.spec.ts, node:test) against `.output/firefox-mv2`,
// one spec file (one Firefox) at a time. Without Firefox it says so and skips, except on CI,
// where Firefox is always installed (.ci/run) and a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

if (!existsSync(firefox)) {
  if (process.env.CI) {
    console.error(`Firefox e2e: no Firefox at ${firefox} on CI (.ci/run installs firefox-esr).`);
    process.exit(1);
  }
  console.log(
    `Firefox e2e SKIPPED: no Firefox at ${firefox}. Install Debian's firefox-esr ` +
      '(apt-get install firefox-esr) or set FIREFOX_PATH to run it.',
  );
  process.exit(0);
}

const specs = readdirSync(here)
  .filter((name) => name.endsWith('.spec.ts'))
  .sort()
  .map((name) => path.join(here, name));
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    // A hung step fails its test instead of holding CI until its own limit.
    '--test-timeout=60000',
    '--test-reporter=spec',
    ...specs,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
