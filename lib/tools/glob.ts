import { z } from 'zod';
import { localCount, summaryOf } from '../i18n/local-text';
import { defineTool } from './tool';

/** `*` and `?` over plain file names (there are no folders). */
export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('')
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`, 'i');
}

export const globTool = defineTool({
  name: 'glob',
  description:
    'List the page files saved in this run whose names match a pattern (* and ?), with their ' +
    'URL and size. Use "*" to list them all.',
  parameters: z.object({ pattern: z.string().min(1).describe('e.g. "*" or "*docs*"') }).strict(),
  consent: 'none',
  async execute(args, context) {
    const matcher = globToRegExp(args.pattern.replace(/^(\*\*\/)+/, ''));
    const files = (await context.services.pages.list(context.runId)).filter((file) =>
      matcher.test(file.name),
    );
    if (files.length === 0) {
      return {
        kind: 'result',
        content: `No page files match "${args.pattern}".`,
        ...summaryOf(localCount('summaryFiles', 0)),
      };
    }
    return {
      kind: 'result',
      content: files.map((file) => `${file.name}\t${file.bytes} bytes\t${file.url}`).join('\n'),
      ...summaryOf(localCount('summaryFiles', files.length)),
    };
  },
});
