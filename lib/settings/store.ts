import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from './schema';

export const SETTINGS_VERSION = 4;

/** The tools a version 3 allow-list could name: those left out of it were switched off. */
const VERSION_3_TOOLS = ['list_tabs', 'read_tab', 'fetch', 'agentic_fetch'];

/**
 * Migrations from the previous stored shape to each version, in WXT's `migrations` format.
 * Version 1 held the connection only; version 2 added the tool allow-list and the run limits;
 * version 3 the web search provider; version 4 turned the allow-list into the list of tools
 * switched off, so that built-in tools added later are on for users who had an allow-list.
 */
/**
 * A field already present is kept: WXT reads a value stored without its version key (a restore,
 * a hand edit) as version 1, and running these on it must not reset what the user chose.
 */
export const SETTINGS_MIGRATIONS: Record<number, (old: Record<string, unknown>) => unknown> = {
  2: (old) => ({
    ...old,
    allowedTools: old.allowedTools ?? VERSION_3_TOOLS,
    limits: old.limits ?? DEFAULT_SETTINGS.limits,
  }),
  3: (old) => ({ ...old, search: old.search ?? DEFAULT_SETTINGS.search }),
  4: ({ allowedTools, ...old }) => ({
    ...old,
    disabledTools:
      old.disabledTools ??
      (Array.isArray(allowedTools)
        ? VERSION_3_TOOLS.filter((name) => !allowedTools.includes(name))
        : DEFAULT_SETTINGS.disabledTools),
  }),
};

/**
 * Reads a stored settings record back. Each field that is missing or invalid (a record written
 * by hand, a half-migrated one) falls back to its default on its own, so one bad field never
 * throws away the user's key or models.
 */
export function parseStoredSettings(raw: unknown): Settings {
  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const repaired: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const field = settingsSchema.shape[key as keyof Settings].safeParse(record[key]);
    repaired[key] = field.success ? field.data : fallback;
  }
  return settingsSchema.parse(repaired);
}

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: SETTINGS_MIGRATIONS,
});

export async function loadSettings(): Promise<Settings> {
  return parseStoredSettings(await settingsItem.getValue());
}

/** Validates and stores. Throws a ZodError naming the bad field; nothing is written then. */
export async function saveSettings(settings: Settings): Promise<Settings> {
  const valid = settingsSchema.parse(settings);
  await settingsItem.setValue(valid);
  return valid;
}

export function watchSettings(callback: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => callback(parseStoredSettings(value)));
}
