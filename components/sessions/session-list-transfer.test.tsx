import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionTransfer } from '../../lib/sessions/session-transfer';
import { importedSentence, SessionList } from './session-list';

const transfer: SessionTransfer = {
  exportSession: async () => undefined,
  exportAll: async () => undefined,
  importFile: async () => ({ imported: 0 }),
};

describe('SessionList export and import', () => {
  it('offers a closed ⋯ actions menu per row named for its session, Export all and an Import file field', () => {
    const html = renderToStaticMarkup(
      <SessionList
        sessions={[{ id: 'a', title: 'Apples', createdAt: 0, updatedAt: 0 }]}
        currentId={null}
        onOpen={() => {}}
        onRename={async () => undefined}
        onDelete={() => {}}
        transfer={transfer}
      />,
    );
    expect(html).toMatch(
      /<button type="button" class="row-menu-button" aria-label="Actions for Apples" aria-haspopup="menu" aria-expanded="false">/,
    );
    // The actions themselves appear only once the menu is opened.
    expect(html).not.toContain('role="menu"');
    expect(html).toContain('>Export all (JSON)</button>');
    const inputId = html.match(/<label for="([^"]+)" class="import-label">Import<\/label>/)?.[1];
    expect(inputId).toBeDefined();
    expect(html).toContain(`id="${inputId}"`);
    expect(html).toMatch(/type="file" accept="\.json,application\/json"/);
  });

  it('says how many sessions were imported', () => {
    expect(importedSentence(1)).toBe('Imported 1 session.');
    expect(importedSentence(3)).toBe('Imported 3 sessions.');
    expect(importedSentence(3, 4)).toBe('3 imported, 4 already here.');
  });
});
