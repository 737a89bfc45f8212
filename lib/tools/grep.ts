import { z } from 'zod';
import { local, localCount, summaryOf } from '../i18n/local-text';
import { defineTool } from './tool';

const MAX_MATCHES = 100;
const MAX_LINE_CHARS = 500;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const grepTool = defineTool({
  name: 'grep',
  description:
    'Search the page files saved in this run for a regular expression (or literal text with ' +
    'literal: true), case-insensitive. Returns at most 100 matching lines as file:line: text; ' +
    'then use view with that line as offset to read around it.',
  parameters: z
    .object({
      pattern: z.string().min(1).describe('Regular expression, or text when literal is true'),
      file: z.string().optional().describe('Only this page file'),
      literal: z.boolean().optional(),
    })
    .strict(),
  consent: 'none',
  async execute(args, context) {
    let matcher: RegExp;
    try {
      matcher = new RegExp(args.literal ? escapeRegExp(args.pattern) : args.pattern, 'i');
    } catch (error) {
      return {
        kind: 'error',
        message: `"${args.pattern}" is not a valid regular expression (${(error as Error).message}). Pass literal: true to search for the text itself.`,
      };
    }
    const files = await context.services.pages.list(context.runId);
    const targets = args.file ? files.filter((file) => file.name === args.file) : files;
    if (args.file && targets.length === 0) {
      return {
        kind: 'error',
        message: `There is no page file "${args.file}" in this run. Files: ${files.map((file) => file.name).join(', ') || 'none'}.`,
      };
    }
    const matches: string[] = [];
    let total = 0;
    for (const target of targets) {
      const page = await context.services.pages.read(context.runId, target.name);
      const lines = page?.markdown.split('\n') ?? [];
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index]!;
        if (!matcher.test(line)) continue;
        total++;
        if (matches.length < MAX_MATCHES) {
          const text = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
          matches.push(`${target.name}:${index + 1}: ${text}`);
        }
      }
    }
    if (total === 0) {
      return {
        kind: 'result',
        content: `No lines match "${args.pattern}" in ${targets.length} page file(s).`,
        ...summaryOf(local('summaryNoMatches')),
      };
    }
    const note =
      total > MAX_MATCHES ? `\n(${total} matches; showing the first ${MAX_MATCHES}.)` : '';
    return {
      kind: 'result',
      content: `${matches.join('\n')}${note}`,
      ...summaryOf(localCount('summaryMatches', total)),
    };
  },
});
