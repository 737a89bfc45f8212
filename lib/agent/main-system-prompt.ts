import mainPrompt from './prompts/main.md?raw';

export function mainSystemPrompt(now = new Date()): string {
  return mainPrompt.trim().replace('{{date}}', now.toISOString().slice(0, 10));
}
