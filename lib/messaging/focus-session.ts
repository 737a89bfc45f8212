import { storage } from 'wxt/utils/storage';

/**
 * When the worker starts a chat on its own (context menu, keyboard shortcut), it asks open panels
 * to show that session. `at` makes a repeated request for the same session a change.
 */
export const focusSessionItem = storage.defineItem<{
  sessionId: string;
  at: number;
  /** The window whose panel should follow; panels of other windows ignore the request. */
  windowId?: number;
} | null>('session:focusSession', { fallback: null });
