import { defineConfig } from '@playwright/test';

// Browser tests drive the built extension (`npm run build` → .output/chrome-mv3) in Debian's
// Chromium. e2e/global-setup.ts fails the run with a clear message when the build is missing.
// Servers (mock LLM, fixture sites) are started per test by the fixtures in e2e/fixtures.ts, so
// there is no webServer here.
export default defineConfig({
  testDir: 'e2e',
  // e2e/servers/*.test.ts are vitest unit tests of the fixtures; Playwright runs only specs.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Two cores: one Chromium at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: 'test-results',
  use: {
    actionTimeout: 7_000,
    // The fixtures launch Chromium themselves and record a trace per test, kept on failure
    // (test-results/<test>/trace.zip); Playwright's own tracing would trip over contexts that a
    // test closes and relaunches.
    trace: 'off',
  },
});
