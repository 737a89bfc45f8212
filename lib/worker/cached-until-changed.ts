/**
 * A stored value read once and kept until storage says it changed: the worker's settings and
 * the user's added tools, read at the start of every answer, without a storage round trip each
 * time. The change event drops the kept value, so the next answer reads the new one; a read
 * that fails is not kept.
 */
export function cachedUntilChanged<T>(
  load: () => Promise<T>,
  watch: (onChange: () => void) => () => void,
): () => Promise<T> {
  let kept: Promise<T> | undefined;
  watch(() => {
    kept = undefined;
  });
  return () => {
    if (kept) return kept;
    const reading = load();
    kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = undefined;
    });
    return reading;
  };
}
