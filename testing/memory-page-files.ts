import type { PageFiles } from '../lib/tools/tool';
import { pageFileName } from '../lib/worker/page-files';

/** Page files in memory, keyed by run, for tool tests. */
export function memoryPageFiles(): PageFiles & {
  byRun: Map<string, Map<string, { url: string; markdown: string }>>;
} {
  const byRun = new Map<string, Map<string, { url: string; markdown: string }>>();
  return {
    byRun,
    async save(runId, url, markdown) {
      const files = byRun.get(runId) ?? new Map();
      byRun.set(runId, files);
      const base = pageFileName(url);
      let name = base;
      for (let index = 2; files.has(name); index++) name = base.replace(/\.md$/, `-${index}.md`);
      files.set(name, { url, markdown });
      return name;
    },
    async list(runId) {
      return [...(byRun.get(runId) ?? new Map()).entries()].map(([name, file]) => ({
        name,
        url: file.url,
        bytes: new TextEncoder().encode(file.markdown).length,
      }));
    },
    async deleteRun(runId) {
      byRun.delete(runId);
    },
    async read(runId, name) {
      const file = byRun.get(runId)?.get(name);
      return file && { name, ...file };
    },
  };
}
