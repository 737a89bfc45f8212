import { inEnglish, type LocalText, local, localCount, localList } from '../i18n/local-text';
import { stripInvisible } from '../text/strip-invisible';

/**
 * Tells a "browser storage is full" failure from every other database error, and words it for
 * the user. IndexedDB reports a full quota as a DOMException named QuotaExceededError (code 22);
 * old Firefox builds name it NS_ERROR_DOM_QUOTA_REACHED (code 1014). Dexie wraps it: as its own
 * QuotaExceededError, as an AbortError of the transaction the failed write aborted (the quota
 * error in `inner`), or inside a BulkError's or ModifyError's `failures`. Standard `cause`
 * chains are followed too.
 */

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
/** DOMException's legacy codes: QUOTA_EXCEEDED_ERR, and Firefox's NS_ERROR_DOM_QUOTA_REACHED. */
const QUOTA_CODES = new Set([22, 1014]);
/** Deep enough for Dexie's wrappers; a bound, since a hand-made error may point to itself. */
const MAX_DEPTH = 8;

function isQuotaItself(value: object): boolean {
  const { name, code } = value as { name?: unknown; code?: unknown };
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  // A numeric code alone is only trusted on a DOMException: other errors use 22 for other things.
  const isDomException = typeof DOMException !== 'undefined' && value instanceof DOMException;
  return isDomException && typeof code === 'number' && QUOTA_CODES.has(code);
}

function wrapped(value: object): unknown[] {
  const { inner, cause, failures } = value as {
    inner?: unknown;
    cause?: unknown;
    failures?: unknown;
  };
  const list: unknown[] = [inner, cause];
  if (Array.isArray(failures)) list.push(...failures);
  else if (failures && typeof failures === 'object') list.push(...Object.values(failures));
  return list;
}

/** Whether the error, or any error it wraps, says browser storage is full. */
export function isStorageFullError(error: unknown): boolean {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
    if (seen.has(value)) return false;
    seen.add(value);
    if (isQuotaItself(value)) return true;
    return wrapped(value).some((inner) => visit(inner, depth + 1));
  };
  return visit(error, 0);
}

/**
 * "512 bytes", "48 KB", "12.4 MB", "1.2 GB" as a stored sentence, so the number and unit read in
 * the chosen language ("12,4 МБ"). A KB is 1,024 bytes, as the browser's own storage figures count.
 */
export function storageSizeText(bytes: number): LocalText {
  const whole = Math.max(0, Math.round(bytes));
  if (whole < 1024) return localCount('byteCount', whole);
  if (whole < 1024 ** 2) return local('sizeKilobytes', Math.round(whole / 1024));
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  if (whole < 1024 ** 3) return local('sizeMegabytes', oneDecimal(whole / 1024 ** 2));
  return local('sizeGigabytes', oneDecimal(whole / 1024 ** 3));
}

interface SessionSize {
  title: string;
  bytes: number;
}

export interface StorageFullMessageInput {
  /** The title of the session whose answer could not be saved. */
  unsavedTitle: string;
  /** Sessions the user could delete or export; the three largest are named. */
  sessions: readonly SessionSize[];
}

/** How many sessions the sentence names: enough to free space, few enough to read. */
const NAMED_SESSIONS = 3;
const MAX_TITLE_LENGTH = 60;

function quotedTitle(title: string): LocalText {
  const clean = stripInvisible(title).replace(/\s+/g, ' ').trim();
  if (clean === '') return local('storageFullUntitled');
  const short = clean.length > MAX_TITLE_LENGTH ? `${clean.slice(0, MAX_TITLE_LENGTH)}…` : clean;
  return local('quoted', short);
}

/**
 * The panel's words when a write was refused for lack of space: what happened, what is not
 * saved, that nothing shown is lost, and how to free space, naming the largest sessions.
 */
export function storageFullText({ unsavedTitle, sessions }: StorageFullMessageInput): LocalText {
  const title = quotedTitle(unsavedTitle);
  const largest = [...sessions]
    .filter((session) => session.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, NAMED_SESSIONS);
  if (largest.length === 0) return local('storageFull', title);
  const named = largest.map((session) =>
    local('sessionWithSize', quotedTitle(session.title), storageSizeText(session.bytes)),
  );
  return localCount('storageFullLargest', largest.length, title, localList(...named));
}

/** The same sentence in English. */
export function storageFullMessage(input: StorageFullMessageInput): string {
  return inEnglish(storageFullText(input));
}
