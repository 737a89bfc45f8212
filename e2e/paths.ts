import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in `<root>/e2e`). */
const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where `npm run build` (wxt build) writes the Chrome MV3 extension. Absolute: Chromium needs it.
 * GLEANER_EXTENSION_DIR points the tests at another build (say, one made in a temporary folder).
 */
export const EXTENSION_DIR = path.resolve(
  process.env.GLEANER_EXTENSION_DIR ?? path.join(ROOT_DIR, '.output', 'chrome-mv3'),
);
