import type { Settings } from './schema';

/** What saving the settings form came to: the stored settings, or the sentence saying why not. */
export type SaveOutcome =
  | { ok: true; settings: Settings }
  /** `field` names the setting the message is about, when there is one. */
  | { ok: false; message: string; field?: string };
