import fetchAnalysisPrompt from './prompts/fetch-analysis.md?raw';

export function fetchAnalysisSystemPrompt(now = new Date()): string {
  return `${fetchAnalysisPrompt.trim()}\n\nToday's date is ${now.toISOString().slice(0, 10)}.`;
}

/** The sub-agent's task: its own user message (the page itself arrives as a web_fetch result). */
export function fetchAnalysisTask(prompt: string, url?: string): string {
  if (url) {
    return [
      `Question: ${prompt}`,
      '',
      `The page ${url} has been fetched for you below (or saved as a page file if it was large).`,
      'Answer the question from it; fetch linked pages or search only if the page does not answer it.',
    ].join('\n');
  }
  return [
    `Question: ${prompt}`,
    '',
    'No page was given: search the web. Break the question into focused searches, fetch the most',
    'relevant results, and answer from what you read.',
  ].join('\n');
}
