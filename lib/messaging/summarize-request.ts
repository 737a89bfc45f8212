/** The message "Summarize this page" sends, naming the page so the session title says which. */
export function summarizeRequest(pageTitle: string): string {
  const title = pageTitle.replace(/\s+/g, ' ').trim();
  return title ? `Summarize this page: ${title}` : 'Summarize this page.';
}
