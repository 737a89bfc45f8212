/**
 * Holds a run's writes while its model request leaves. In Chrome, an IndexedDB transaction that
 * commits in the extension's worker holds back a request the worker has just handed to `fetch`
 * until it ends (measured in the built extension, docs/decisions/0019-summarize-without-waiting.md):
 * the Summarize request reached the model 30-45 ms after `fetch` whenever the new chat's
 * transaction committed meanwhile, 1.5-4 ms after it otherwise. So a write that would start
 * while a request is leaving waits until the endpoint answers the request's head, or until
 * `capMs` have passed, whichever comes first.
 */
const REQUEST_LEAVING_MS = 50;

export interface RequestLeaving {
  /** Resolves once the request is taken to have left. */
  readonly left: Promise<void>;
  /** The request has left (its answer began, or it failed): writes may start. */
  release(): void;
}

export function requestLeaving(capMs: number = REQUEST_LEAVING_MS): RequestLeaving {
  let release!: () => void;
  const left = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, capMs);
    release = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { left, release };
}
