/**
 * Reads give new objects each time; these keep the ones read before wherever nothing in them
 * changed, so what the chat draws from a record (a message's view, an answer's footer) is not
 * drawn again because another record of the session was written.
 */

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two records have the same fields with the same values. */
export function sameRecord(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * `next`, with each record equal to the one of the same id in `previous` replaced by that one;
 * `previous` itself when every record is kept and none came or went.
 */
export function keptRecords<T extends { id: string }>(previous: T[] | undefined, next: T[]): T[] {
  if (!previous) return next;
  const before = new Map(previous.map((record) => [record.id, record]));
  let changed = previous.length !== next.length;
  const kept = next.map((record, index) => {
    const old = before.get(record.id);
    if (old && sameRecord(old, record)) {
      if (previous[index] !== old) changed = true;
      return old;
    }
    changed = true;
    return record;
  });
  return changed ? kept : previous;
}

/** `next`, with each list kept from `previous` where it did not change (see keptRecords). */
export function keptLists<T extends { id: string }>(
  previous: ReadonlyMap<string, T[]> | undefined,
  next: ReadonlyMap<string, T[]>,
): ReadonlyMap<string, T[]> {
  if (!previous) return next;
  let changed = previous.size !== next.size;
  const kept = new Map<string, T[]>();
  for (const [key, list] of next) {
    const keptList = keptRecords(previous.get(key), list);
    if (keptList !== previous.get(key)) changed = true;
    kept.set(key, keptList);
  }
  return changed ? kept : previous;
}

/** Whether two lists of ids are the same, in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
