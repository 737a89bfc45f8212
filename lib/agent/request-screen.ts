import type { GleanerDatabase } from '../db/database';
import { sessionMessages } from '../db/queries';
import type { MessageRecord, RunRecord } from '../db/records';
import type { LocalText } from '../i18n/local-text';
import type { ConsentPrompt } from '../tools/tool';
import {
  findForeignDataInUrl,
  foreignDataMessage,
  type SeenText,
} from '../web/foreign-data-in-url';
import {
  findSecretInArguments,
  findSecretInText,
  findSecretInUrl,
  secretInRequestText,
} from '../web/secret-in-request';

/** What a request is checked for before its card is shown. */
export interface Screening {
  /** Refused outright, no card: the sentence for the model and the user. */
  refuse?: LocalText;
  /** Shown on the card in words; a standing grant does not skip a card that carries one. */
  warning?: string;
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The texts this conversation has seen, each with where it came from: tool results (tabs,
 * fetched pages, search results) of the run's session and, for a Fetch Analysis, of the answer
 * it serves. A search result's text is from the search provider, never from the URL's host.
 */
export async function seenTexts(db: GleanerDatabase, run: RunRecord): Promise<SeenText[]> {
  const sessions = [run.sessionId];
  if (run.parentRunId) {
    const parent = await db.runs.get(run.parentRunId);
    if (parent) sessions.push(parent.sessionId);
  }
  const messages: MessageRecord[] = (
    await Promise.all(sessions.map((sessionId) => sessionMessages(db, sessionId)))
  ).flat();
  return messages
    .filter((message) => message.role === 'tool' && message.content)
    .map((message) => ({
      host:
        (message.sources?.[0]?.snippet ? undefined : hostOf(message.sources?.[0]?.url)) ??
        `${message.toolName ?? 'tool'} results`,
      text: message.content,
    }));
}

/** A text that gave the model this very link: carrying its words is following the link. */
function mentions(text: string, url: URL): boolean {
  return text.includes(`${url.host}${url.pathname}`);
}

/**
 * Checks a card before it is shown: a request carrying the API key is refused (whatever the
 * encoding); an address carrying text from another source of this conversation is flagged.
 */
export function screenPrompt(
  prompt: ConsentPrompt,
  apiKey: string,
  seen: readonly SeenText[],
): Screening {
  if (prompt.kind === 'search') {
    const found = findSecretInText(prompt.target, apiKey);
    return found ? { refuse: secretInRequestText('search', found) } : {};
  }
  if (prompt.kind !== 'fetch') return {};
  const found = findSecretInUrl(prompt.target, apiKey);
  if (found) return { refuse: secretInRequestText('address', found) };
  let url: URL;
  try {
    url = new URL(prompt.target);
  } catch {
    return {};
  }
  const foreign = findForeignDataInUrl(
    prompt.target,
    seen.filter((entry) => !mentions(entry.text, url)),
  );
  return foreign ? { warning: foreignDataMessage(foreign) } : {};
}

/** A tool call whose arguments carry the API key is refused before anything else. */
export function screenArguments(
  toolName: string,
  rawArguments: string,
  apiKey: string,
): LocalText | undefined {
  const found = findSecretInArguments(rawArguments, apiKey);
  return found ? secretInRequestText({ tool: toolName }, found) : undefined;
}
