import { useEffect, useSyncExternalStore } from 'react';

/**
 * Code loaded on demand, without Suspense. React holds a Suspense boundary's content back for
 * up to 300 ms after its fallback showed (to batch reveals), even when the code arrives in a
 * few milliseconds; a module loaded ahead of time here renders at once, and one still loading
 * renders the caller's stand-in until it arrives.
 */
export interface LazyModule<T> {
  /** Starts loading (once); resolves with the module. */
  load(): Promise<T>;
  /** The module once loaded, else undefined. */
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then((module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      });
      return loading;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module when loaded (asking for it if `wanted`), else undefined until it arrives. */
export function useLazyModule<T>(source: LazyModule<T>, wanted = true): T | undefined {
  const module = useSyncExternalStore(source.subscribe, source.current, source.current);
  useEffect(() => {
    if (wanted && !module) {
      source
        .load()
        .catch((error: unknown) => console.error('Could not load part of the panel', error));
    }
  }, [source, wanted, module]);
  return wanted ? module : undefined;
}
