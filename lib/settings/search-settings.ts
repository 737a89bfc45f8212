import { z } from 'zod';

export const SEARCH_PROVIDER_IDS = ['duckduckgo', 'searxng', 'brave'] as const;
export type SearchProviderId = (typeof SEARCH_PROVIDER_IDS)[number];

/** How messages and the settings form name each provider. */
export const SEARCH_PROVIDER_LABELS: Record<SearchProviderId, string> = {
  duckduckgo: 'DuckDuckGo',
  searxng: 'SearXNG',
  brave: 'Brave Search',
};

/** DuckDuckGo's no-JavaScript results page. */
export const DEFAULT_DUCKDUCKGO_URL = 'https://html.duckduckgo.com/html/';

/**
 * The search part of the settings (the provider and its base URL are
 * settings, so tests point them at a local fixture). Meant to sit under `search` in the app's
 * settings schema; every field has a default, so settings stored before search existed read back
 * as DuckDuckGo.
 */

/** An http(s) URL without a user name or password, or `''` where empty is allowed. */
function httpUrlField(what: string, example: string, allowEmpty: boolean) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      if (value === '' && allowEmpty) return;
      const problem = httpUrlProblem(value, example);
      if (problem) context.addIssue({ code: 'custom', message: `${what} ${problem}` });
    });
}

function httpUrlProblem(value: string, example: string): string | undefined {
  const notHttp = `must be an http:// or https:// address, like ${example}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return notHttp;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return notHttp;
  if (url.username !== '' || url.password !== '') {
    return 'must not contain a user name or password';
  }
  return undefined;
}

const searchSettingsObject = z.object({
  provider: z.enum(SEARCH_PROVIDER_IDS).default('duckduckgo'),
  duckduckgoUrl: httpUrlField('The DuckDuckGo address', DEFAULT_DUCKDUCKGO_URL, false).default(
    DEFAULT_DUCKDUCKGO_URL,
  ),
  searxngUrl: httpUrlField('The SearXNG address', 'https://searx.example.org', true).default(''),
  braveKey: z
    .string()
    .trim()
    // A header value must be visible ASCII; anything else is a paste gone wrong, and fetch would
    // throw on it at search time.
    .regex(
      /^[\x21-\x7e]*$/,
      'The Brave Search API key has spaces or unusual characters in it; paste it again from the Brave dashboard',
    )
    .default(''),
});

export type SearchSettings = z.output<typeof searchSettingsObject>;

/**
 * Why these settings cannot search, naming the field to fix, or `undefined`. The schema shows it
 * on the form; the search service answers with it when asked to search anyway.
 */
export function searchSettingsProblem(
  settings: SearchSettings,
): { field: 'searxngUrl' | 'braveKey'; message: string } | undefined {
  if (settings.provider === 'searxng' && settings.searxngUrl === '') {
    return {
      field: 'searxngUrl',
      message:
        'SearXNG needs the address of an instance, like https://searx.example.org: enter it in ' +
        'Settings, or choose another search provider.',
    };
  }
  if (settings.provider === 'brave' && settings.braveKey === '') {
    return {
      field: 'braveKey',
      message:
        'Brave Search needs an API key: enter it in Settings, or choose another search provider.',
    };
  }
  return undefined;
}

export const searchSettingsSchema = searchSettingsObject.superRefine((settings, context) => {
  const problem = searchSettingsProblem(settings);
  if (problem)
    context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

export const DEFAULT_SEARCH_SETTINGS: SearchSettings = {
  provider: 'duckduckgo',
  duckduckgoUrl: DEFAULT_DUCKDUCKGO_URL,
  searxngUrl: '',
  braveKey: '',
};
