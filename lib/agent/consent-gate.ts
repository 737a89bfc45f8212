import type { ConsentDeclaration } from '../db/records';
import type { ConsentPrompt, ToolServices } from '../tools/tool';

/** A tool reached for something its answered card did not cover: a bug, never the model's. */
class ConsentNotGiven extends Error {
  override readonly name = 'ConsentNotGiven';
}

/** The line the answer ends with when the user says no. */
export function deniedMessage(prompt: ConsentPrompt): string {
  if (prompt.kind === 'search') return `You did not allow the search "${prompt.target}".`;
  if (prompt.kind === 'tool') return `You did not allow calling the tool ${prompt.target}.`;
  if (prompt.kind === 'tab')
    return `You did not allow reading the tab "${prompt.host}" (${prompt.target}).`;
  return `You did not allow fetching ${prompt.target}.`;
}

/**
 * The services a tool call gets: fetching, searching and reading a tab's content go through
 * only for what this call's declaration and answered card cover. A tool that declares `none`
 * (or forgets to ask) cannot reach the network or a tab's text at all. A declared or MCP tool
 * (`call`) reaches only the endpoint or server its answered card showed, under its own name.
 */
export function servicesFor(
  services: ToolServices,
  declaration: ConsentDeclaration,
  approved: readonly ConsentPrompt[],
  attachedTabIds: readonly number[],
  toolName: string,
): ToolServices {
  const refuse = (what: string): never => {
    throw new ConsentNotGiven(`${toolName} tried to ${what} without the user's consent.`);
  };
  const allows = (kind: ConsentPrompt['kind'], target: string) =>
    declaration === kind &&
    approved.some((prompt) => prompt.kind === kind && prompt.target === target);
  // The card names the tool and where the call goes: both must match what the tool asks for.
  const allowsCall = (where: string) =>
    declaration === 'call' &&
    approved.some(
      (prompt) => prompt.kind === 'tool' && prompt.target === toolName && prompt.host === where,
    );
  return {
    ...services,
    web: {
      normalize: (url) => services.web.normalize(url),
      fetch: (url, format, signal) =>
        allows('fetch', url) ? services.web.fetch(url, format, signal) : refuse(`fetch ${url}`),
    },
    search: {
      provider: () => services.search.provider(),
      search: (query, maxResults, signal) =>
        allows('search', query)
          ? services.search.search(query, maxResults, signal)
          : refuse(`search for "${query}"`),
    },
    calls: {
      http: (request, signal) =>
        allowsCall(request.endpoint) && sameEndpoint(request.url, request.endpoint)
          ? services.calls.http(request, signal)
          : refuse(`call ${request.endpoint}`),
      mcp: (server, tool, args, signal) =>
        allowsCall(server.url)
          ? services.calls.mcp(server, tool, args, signal)
          : refuse(`call ${tool} on the MCP server ${server.name}`),
    },
    tabs: {
      ...services.tabs,
      async read(tabId) {
        if (attachedTabIds.includes(tabId)) return services.tabs.read(tabId);
        const tab = await services.tabs.get(tabId);
        // The URL the user allowed must still be the tab's: a tab that navigated since the card
        // was answered is not the page the user agreed to share.
        if (tab && allows('tab', tab.url)) return services.tabs.read(tabId);
        return refuse(`read tab ${tabId}`);
      },
    },
    ...(declaration === 'delegated' ? {} : { subAgent: undefined }),
  };
}

/** Whether a request goes to the declared endpoint itself (its query aside). */
function sameEndpoint(url: string, endpoint: string): boolean {
  try {
    const target = new URL(url);
    const declared = new URL(endpoint);
    return target.origin === declared.origin && target.pathname === declared.pathname;
  } catch {
    return false;
  }
}
