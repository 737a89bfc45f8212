// A worker thread's first module: Node does not hand the main thread's TypeScript loader to a
// thread, so register it here before loading the thread's own TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./mock-llm-thread-main.ts');
