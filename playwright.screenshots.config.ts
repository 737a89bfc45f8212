import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: the README's pictures, taken from the e2e fixtures (the mock model and
// the fixture site) so they show what the built extension shows today.
export default defineConfig({
  ...base,
  testMatch: '**/*.shot.ts',
  timeout: 60_000,
});
