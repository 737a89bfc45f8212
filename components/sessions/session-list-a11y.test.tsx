import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../lib/db/records';
import type { SessionTransfer } from '../../lib/sessions/session-transfer';
import { SessionList } from './session-list';

const transfer: SessionTransfer = {
  exportSession: async () => undefined,
  exportAll: async () => undefined,
  importFile: async () => ({ imported: 0 }),
};

const DAY = 86_400_000;

/** 300 sessions, one a day: far more than the list draws, most of them Older. */
const history: SessionRecord[] = Array.from({ length: 300 }, (_, index) => ({
  id: `s${index}`,
  title: `Session ${index}`,
  createdAt: 0,
  updatedAt: Date.now() - index * DAY,
}));

describe('SessionList for screen readers', () => {
  it('says how many sessions the list holds and places each drawn row in its date group, though only the rows near the view are drawn', () => {
    const html = renderToStaticMarkup(
      <SessionList
        sessions={history}
        currentId={null}
        onOpen={() => {}}
        onRename={async () => undefined}
        onDelete={() => {}}
        transfer={transfer}
      />,
    );
    expect(html).toContain(
      '<p class="visually-hidden" aria-live="polite">300 sessions, newest first.</p>',
    );
    const rows = [...html.matchAll(/<li [^>]*aria-posinset="(\d+)" aria-setsize="(\d+)"/g)];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    // The first row of Today is 1 of 1; the Older group holds all but the first week.
    expect(rows[0]!.slice(1)).toEqual(['1', '1']);
    const setSizes = new Set(rows.map((row) => Number(row[2])));
    expect(Math.max(...setSizes)).toBeGreaterThan(280);
  });
});
