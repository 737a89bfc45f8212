import { z } from 'zod';
import { local, summaryOf } from '../i18n/local-text';
import { defineTool } from './tool';

const DEFAULT_LIMIT = 200;
const MAX_LINE_CHARS = 2_000;

export const viewTool = defineTool({
  name: 'view',
  description:
    'Show numbered lines of a page file saved by web_fetch in this run (large pages are saved ' +
    'instead of returned whole). Default 200 lines from `offset` (0 = the first line); lines ' +
    'longer than 2,000 characters are cut. Use grep first to find where to look.',
  parameters: z
    .object({
      file: z
        .string()
        .min(1)
        .describe('The page file name web_fetch gave, e.g. example.com-docs.md'),
      offset: z.number().int().nonnegative().optional().describe('Line to start from, 0-based'),
      limit: z.number().int().positive().max(2_000).optional().describe('How many lines'),
    })
    .strict(),
  consent: 'none',
  async execute(args, context) {
    const page = await context.services.pages.read(context.runId, args.file);
    if (!page) {
      const names = (await context.services.pages.list(context.runId)).map((file) => file.name);
      return {
        kind: 'error',
        message: `There is no page file "${args.file}" in this run. Files: ${names.join(', ') || 'none'}.`,
      };
    }
    const lines = page.markdown.split('\n');
    const offset = args.offset ?? 0;
    if (offset >= lines.length && lines.length > 0) {
      return {
        kind: 'error',
        message: `${args.file} has ${lines.length} lines; offset ${offset} is past the end.`,
      };
    }
    const shown = lines.slice(offset, offset + (args.limit ?? DEFAULT_LIMIT));
    const width = String(offset + shown.length).length;
    const body = shown
      .map((line, index) => {
        const cut =
          line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [line cut]` : line;
        return `${String(offset + index + 1).padStart(width, ' ')}\t${cut}`;
      })
      .join('\n');
    const end = offset + shown.length;
    const more =
      end < lines.length
        ? `\n(Lines ${offset + 1}-${end} of ${lines.length}. Continue with offset ${end}.)`
        : `\n(Lines ${offset + 1}-${end} of ${lines.length}: end of file.)`;
    return {
      kind: 'result',
      content: `${args.file} (${page.url})\n${body}${more}`,
      ...summaryOf(local('summaryViewLines', args.file, offset + 1, end, lines.length)),
    };
  },
});
