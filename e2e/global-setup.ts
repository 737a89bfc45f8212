import { existsSync } from 'node:fs';
import { EXTENSION_DIR } from './paths';

/** Fails fast (before any Chromium starts) when the extension has not been built. */
export default function globalSetup(): void {
  if (!existsSync(`${EXTENSION_DIR}/manifest.json`)) {
    throw new Error(
      `The built extension is missing: ${EXTENSION_DIR}/manifest.json does not exist. ` +
        'Run `npm run build` before `npm run test:e2e`.',
    );
  }
}
