import { describe, expect, it, vi } from 'vitest';
import { hasPersistentBackground, registerMenuItem } from './menu-registration';

const ITEM = { id: 'gleaner-summarize-page', title: 'Summarize this page' };

function fakes() {
  const created: unknown[] = [];
  const listeners: Array<() => void> = [];
  const menus = {
    create: vi.fn((item: unknown) => created.push(item)),
    removeAll: vi.fn(async () => {
      created.length = 0;
    }),
  };
  const onInstalled = { addListener: (listener: () => void) => listeners.push(listener) };
  return { created, listeners, menus, onInstalled };
}

describe('registerMenuItem', () => {
  it('creates the item at every start of a persistent MV2 background page (Firefox)', async () => {
    const { created, listeners, menus, onInstalled } = fakes();
    const manifest = { manifest_version: 2, background: {} };
    registerMenuItem(menus, onInstalled, manifest, ITEM);
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ ...ITEM, contexts: ['page'] });
    expect(listeners, 'not left to onInstalled, which a browser restart does not fire').toEqual([]);
    // The page starting again (an add-on reload) ends with one item, not a duplicate.
    registerMenuItem(menus, onInstalled, manifest, ITEM);
    await vi.waitFor(() => expect(menus.create).toHaveBeenCalledTimes(2));
    expect(created).toHaveLength(1);
  });

  it('creates the item once, on install, for a service worker (Chrome)', () => {
    const { created, listeners, menus, onInstalled } = fakes();
    registerMenuItem(
      menus,
      onInstalled,
      { manifest_version: 3, background: { service_worker: 'background.js' } },
      ITEM,
    );
    expect(created).toEqual([]);
    expect(menus.removeAll).not.toHaveBeenCalled();
    listeners[0]?.();
    expect(created).toEqual([{ ...ITEM, contexts: ['page'] }]);
  });
});

describe('hasPersistentBackground', () => {
  it('is true only for an MV2 background without persistent: false', () => {
    expect(hasPersistentBackground({ manifest_version: 2, background: {} })).toBe(true);
    expect(
      hasPersistentBackground({ manifest_version: 2, background: { persistent: false } }),
    ).toBe(false);
    expect(hasPersistentBackground({ manifest_version: 3, background: {} })).toBe(false);
  });
});
