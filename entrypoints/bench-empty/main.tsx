/**
 * The baseline of the benchmark's cold-open row: React rendering one Message field, built by the
 * same toolchain as the side panel and loaded from the same extension. It is an unlisted page
 * that nothing links to, and wxt.config.ts leaves it out of the store zip.
 */
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <textarea aria-label="Message" placeholder="Message" />,
);
