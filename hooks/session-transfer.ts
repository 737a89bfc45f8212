import { getDatabase } from '../lib/db/database';
import { IMPORT_MAX_CHARS } from '../lib/messaging/protocol';
import { downloadTextFile } from '../lib/sessions/download-file';
import {
  buildJsonExport,
  buildMarkdownExport,
  exportFileName,
  readAllSessionBundles,
  readSessionBundle,
} from '../lib/sessions/export-session';
import type { SessionTransfer } from '../lib/sessions/session-transfer';
import { sendCommand } from './send-command';

/** Export reads Dexie directly (pages may read); import goes to the worker, the only writer. */
export const sessionTransfer: SessionTransfer = {
  async exportSession(sessionId, format) {
    const bundle = await readSessionBundle(getDatabase(), sessionId);
    if (!bundle)
      return 'This session no longer exists; it may have been deleted in another window.';
    const now = new Date();
    if (format === 'markdown') {
      const name = exportFileName(bundle.session.title, 'md', now);
      downloadTextFile(name, buildMarkdownExport(bundle, now), 'text/markdown');
    } else {
      const name = exportFileName(bundle.session.title, 'json', now);
      downloadTextFile(name, buildJsonExport([bundle], now), 'application/json');
    }
    return undefined;
  },
  async exportAll() {
    const now = new Date();
    const bundles = await readAllSessionBundles(getDatabase());
    const name = `gleaner-sessions-${now.toISOString().slice(0, 10)}.json`;
    downloadTextFile(name, buildJsonExport(bundles, now), 'application/json');
    return undefined;
  },
  async importFile(file) {
    if (file.size > IMPORT_MAX_CHARS) {
      return { error: `${file.name} is larger than 20 MB, more than Gleaner imports at once.` };
    }
    const json = await file.text();
    const result = await sendCommand({ type: 'importSessions', json });
    if (!result.ok) return { error: result.error };
    return result.value;
  },
};
