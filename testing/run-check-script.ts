import { execFileSync } from 'node:child_process';

/**
 * Runs one of the repository's check scripts (scripts/check-*.mjs) on a tree, as `npm run check`
 * does: its exit code, and what it printed (stderr when it failed).
 */
export function runCheckScript(script: string, root?: string): { code: number; output: string } {
  try {
    const output = execFileSync('node', [script, ...(root ? ['--root', root] : [])], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}
