import { z } from 'zod';
import { defineTool } from './tool';

export const agenticFetchTool = defineTool({
  name: 'agentic_fetch',
  description:
    'Answer a question from the web with a research sub-agent ("Fetch Analysis") that searches, ' +
    'fetches and reads pages, then returns a brief answer with quotes and a Sources list. With a ' +
    'url it reads that page (and may follow links); without one it searches the web. Prefer it ' +
    'to fetch whenever you need information rather than a raw file. Each fetch and search asks ' +
    'the user first.',
  parameters: z
    .object({
      url: z.string().min(1).optional().describe('A page to read; omit to search the web'),
      prompt: z
        .string({ error: 'agentic_fetch needs a prompt: the question to answer.' })
        .trim()
        .min(1, 'agentic_fetch needs a prompt: the question to answer.')
        .describe('The question the sub-agent should answer, with any context it needs'),
    })
    .strict(),
  // Its sub-agent's web_fetch and web_search ask for every fetch and query.
  consent: 'delegated',
  async execute(args, context) {
    const runner = context.services.subAgent;
    if (!runner) {
      return { kind: 'error', message: 'agentic_fetch cannot be used inside a Fetch Analysis.' };
    }
    let url: string | undefined;
    if (args.url) {
      const policy = await context.services.web.normalize(args.url);
      if (!policy.ok) return { kind: 'error', message: policy.reason, i18n: policy.reasonI18n };
      url = policy.url;
    }
    return runner.run({
      parentRunId: context.runId,
      parentSessionId: context.sessionId,
      toolCallId: context.toolCallId,
      prompt: args.prompt,
      ...(url ? { url } : {}),
      signal: context.signal,
    });
  },
});
