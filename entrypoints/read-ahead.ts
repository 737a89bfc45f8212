import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installPageReader } from '../lib/tabs/live-page';

/**
 * Injected by the side panel into the active tab of its window, with Read the open tab ahead
 * on: puts the reader in the page, which reads while the panel keeps a Port open to it and
 * keeps the result in the page until Summarize asks for it (lib/tabs/live-page.ts).
 */
export default defineUnlistedScript(() => {
  installPageReader();
});
