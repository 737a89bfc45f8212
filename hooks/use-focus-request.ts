import { useEffect, useRef } from 'react';
import { browser } from 'wxt/browser';
import { focusSessionItem } from '../lib/messaging/focus-session';

type FocusRequest = { sessionId: string; at: number; windowId?: number };

/** A request older than this was meant for a panel that was open then, not for this one. */
export const FOCUS_REQUEST_FRESH_MS = 10_000;

const CONSUMED_KEY = 'gleaner.focusRequestConsumedAt';

/**
 * Whether the panel should follow a focus request: on load only a recent one (the panel was
 * opened by the same click), and never the same request twice (a reload of the panel must not
 * jump back to a session the user has since left).
 */
export function shouldFollow(
  request: FocusRequest | null,
  options: { now: number; consumedAt: number | undefined; onLoad: boolean; windowId?: number },
): request is FocusRequest {
  if (!request) return false;
  // Meant for the panel of another window.
  if (request.windowId !== undefined && options.windowId !== undefined) {
    if (request.windowId !== options.windowId) return false;
  }
  if (options.consumedAt !== undefined && request.at <= options.consumedAt) return false;
  return !options.onLoad || options.now - request.at < FOCUS_REQUEST_FRESH_MS;
}

function readConsumed(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(CONSUMED_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeConsumed(at: number) {
  try {
    sessionStorage.setItem(CONSUMED_KEY, String(at));
  } catch {
    // Without storage a reload inside ten seconds may follow the request again; harmless.
  }
}

/**
 * Follows the worker's requests to show a session it started itself (context menu, keyboard
 * shortcut): `focusSessionItem` in `storage.session`.
 */
export function useFocusRequest(onFocus: (sessionId: string) => void) {
  const callback = useRef(onFocus);
  useEffect(() => {
    callback.current = onFocus;
  });

  useEffect(() => {
    let live = true;
    let consumedAt = readConsumed();
    let windowId: number | undefined;
    const follow = (request: FocusRequest | null, onLoad: boolean) => {
      if (!live || !shouldFollow(request, { now: Date.now(), consumedAt, onLoad, windowId })) {
        return;
      }
      consumedAt = request.at;
      writeConsumed(request.at);
      callback.current(request.sessionId);
    };
    const unwatch = focusSessionItem.watch((request) => follow(request, false));
    browser.windows
      .getCurrent()
      .then((current) => {
        windowId = current.id;
      })
      .catch(() => undefined)
      .then(() => focusSessionItem.getValue())
      .then(
        (request) => follow(request, true),
        (error: unknown) => console.error('Gleaner could not read the focus request', error),
      );
    return () => {
      live = false;
      unwatch();
    };
  }, []);
}
