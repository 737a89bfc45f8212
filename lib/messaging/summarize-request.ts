import { t } from '../i18n/translate';
import { stripInvisible } from '../text/strip-invisible';

/** The message "Summarize this page" sends, naming the page so the session title says which. */
export function summarizeRequest(pageTitle: string): string {
  // A page picks its own title: what it hides in it must not reach the user's message.
  const title = stripInvisible(pageTitle).replace(/\s+/g, ' ').trim();
  return title ? t('summarizeRequestNamed', title) : t('summarizeRequest');
}
