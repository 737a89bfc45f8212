import type { GleanerDatabase } from '../db/database';
import { newId } from '../db/queries';
import type { PageFiles } from '../tools/tool';

/** A readable, safe file name for a page: host and path, letters, digits, dots and dashes. */
export function pageFileName(url: string): string {
  let stem = 'page';
  try {
    const parsed = new URL(url);
    stem = `${parsed.hostname}${parsed.pathname}`;
  } catch {
    // Keep the default stem.
  }
  const slug = stem
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/[-.]+$/, '');
  return `${slug || 'page'}.md`;
}

/** Page files in Dexie, always looked up by run id and exact name: no paths, no other runs. */
export function createPageFiles(db: GleanerDatabase): PageFiles {
  return {
    async save(runId, url, markdown) {
      return db.transaction('rw', db.pages, async () => {
        const base = pageFileName(url);
        let name = base;
        for (
          let index = 2;
          await db.pages.where('[runId+name]').equals([runId, name]).count();
          index++
        ) {
          name = base.replace(/\.md$/, `-${index}.md`);
        }
        await db.pages.add({
          id: newId(),
          runId,
          name,
          url,
          markdown,
          bytes: new TextEncoder().encode(markdown).length,
          createdAt: Date.now(),
        });
        return name;
      });
    },
    async list(runId) {
      const pages = await db.pages
        .where('[runId+name]')
        .between([runId, ''], [runId, '\uffff'])
        .toArray();
      return pages.map(({ name, url, bytes }) => ({ name, url, bytes }));
    },
    async deleteRun(runId) {
      await deletePageFiles(db, runId);
    },
    async read(runId, name) {
      const page = await db.pages.where('[runId+name]').equals([runId, name]).first();
      return page && { name: page.name, url: page.url, markdown: page.markdown };
    },
  };
}

/** Page files go when their run ends (after its answer is stored). */
async function deletePageFiles(db: GleanerDatabase, runId: string): Promise<number> {
  return db.pages.where('[runId+name]').between([runId, ''], [runId, '\uffff']).delete();
}
