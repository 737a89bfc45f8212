/** The part of the context menu API used to register Gleaner's items. */
export interface MenuApi {
  create(item: { id: string; title: string; contexts: ['page'] }): unknown;
  removeAll(): Promise<void>;
}

/** What the manifest says about the background, as `runtime.getManifest()` returns it. */
export interface BackgroundManifest {
  manifest_version: number;
  background?: { persistent?: boolean; service_worker?: string };
}

/**
 * True for a persistent background page: Firefox's MV2 build (a background with scripts and no
 * `persistent: false`). Chrome's service worker and event pages are not persistent.
 */
export function hasPersistentBackground(manifest: BackgroundManifest): boolean {
  return (
    manifest.manifest_version === 2 &&
    manifest.background?.service_worker === undefined &&
    manifest.background?.persistent !== false
  );
}

/**
 * Creates a context menu item so that it is there whenever the browser runs. Chrome keeps the
 * items of a service worker across restarts, and so does Firefox for event pages: created once,
 * on install (creating it again at each start would fail on its duplicate id). Firefox's
 * persistent background page keeps them only as long as the page lives (its menu store is for
 * non-persistent backgrounds only), so that build creates them at every start, after clearing
 * what an earlier run of the same page may have left.
 * https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/API/menus/create
 */
export function registerMenuItem(
  menus: MenuApi,
  onInstalled: { addListener(listener: () => void): void },
  manifest: BackgroundManifest,
  item: { id: string; title: string },
): void {
  const create = () => menus.create({ ...item, contexts: ['page'] });
  if (hasPersistentBackground(manifest)) {
    void menus
      .removeAll()
      .then(create)
      .catch((error: unknown) => console.error('Gleaner could not add its menu item', error));
    return;
  }
  onInstalled.addListener(create);
}
