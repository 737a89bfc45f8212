// Made by hand: a deliberately broken tool for tool-registry.test.ts. It has no test beside it,
// a name that does not match its file, a one-word description, no consent declaration and
// non-object parameters, and it is not registered. The meta-test must report each of these.
import { z } from 'zod';

export const fetchWeatherTool = {
  name: 'weather',
  description: 'Weather.',
  parameters: z.string(),
  async execute() {
    return { kind: 'result' as const, content: 'sunny' };
  },
};
