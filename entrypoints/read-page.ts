import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { type ReadPageResult, readPageNow } from '../lib/tabs/live-page';

/**
 * Injected by the worker with `scripting.executeScript({ files: ['/read-page.js'] })`. Returns
 * plain data: WXT makes `main`'s return value the script's completion value, which is what
 * executeScript reports as the frame's result. A page the panel read ahead hands over what it
 * read, when the page has not changed since; any other page is read now (lib/tabs/live-page.ts).
 */
export default defineUnlistedScript((): ReadPageResult => readPageNow());
