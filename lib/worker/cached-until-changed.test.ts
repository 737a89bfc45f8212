import { describe, expect, it } from 'vitest';
import { cachedUntilChanged } from './cached-until-changed';

function source(values: string[]) {
  let reads = 0;
  let changed: (() => void) | undefined;
  const read = cachedUntilChanged(
    async () => {
      const value = values[reads];
      reads += 1;
      if (value === undefined) throw new Error('storage is unavailable');
      return value;
    },
    (onChange) => {
      changed = onChange;
      return () => undefined;
    },
  );
  return { read, reads: () => reads, change: () => changed?.() };
}

describe('a stored value kept until it changes', () => {
  it('reads storage once for any number of answers while nothing changes', async () => {
    const stored = source(['model-a']);
    expect(await stored.read()).toBe('model-a');
    expect(await stored.read()).toBe('model-a');
    expect(stored.reads()).toBe(1);
  });

  it('reads the new value after storage says it changed', async () => {
    const stored = source(['model-a', 'model-b']);
    await stored.read();
    stored.change();
    expect(await stored.read()).toBe('model-b');
  });

  it('keeps no failed read: the next answer tries storage again', async () => {
    const values = [undefined as unknown as string, 'model-a'];
    const stored = source(values);
    await expect(stored.read()).rejects.toThrow('storage is unavailable');
    expect(await stored.read()).toBe('model-a');
  });
});
