// Node module hooks so benchmarks (plain Node + tsx) can import `*.md?raw` as Vite does in the
// build and in vitest: the file's text as the default export.
// https://nodejs.org/api/module.html#customization-hooks
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  if (url.endsWith('.md?raw')) {
    const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
    return {
      format: 'module',
      shortCircuit: true,
      source: `export default ${JSON.stringify(text)};`,
    };
  }
  return nextLoad(url, context);
}
