import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConsentRequestRecord } from '../../lib/db/records';
import { alwaysLabel, ConsentCard, consentSentence, searchProviderName } from './consent-card';

function request(fields: Partial<ConsentRequestRecord> = {}): ConsentRequestRecord {
  return {
    id: 'c1',
    runId: 'r1',
    sessionId: 's1',
    toolCallId: 't1',
    kind: 'fetch',
    target: 'https://docs.example.com/guide?page=2',
    host: 'https://docs.example.com',
    question: 'How do I configure the cache?',
    grantable: true,
    status: 'pending',
    createdAt: 0,
    ...fields,
  };
}

const render = (fields?: Partial<ConsentRequestRecord>) =>
  renderToStaticMarkup(<ConsentCard request={request(fields)} onAnswer={async () => undefined} />);
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe('ConsentCard', () => {
  it('is a region named "Permission request" that can take focus', () => {
    const html = render();
    expect(html).toMatch(/^<section[^>]*aria-label="Permission request"/);
    expect(html).toContain('tabindex="-1"');
  });

  it('shows a fetch with its origin highlighted, the question, and all three answers', () => {
    const html = render({ detail: 'Format: markdown' });
    expect(html).toContain(
      '<mark class="consent-origin">https://docs.example.com</mark>/guide?page=2',
    );
    expect(html).toContain('Format: markdown');
    expect(html).toContain('For: <span>How do I configure the cache?</span>');
    expect(buttons(html)).toEqual([
      'Allow once',
      'Allow all for this answer',
      'Always allow this site',
      'Deny',
    ]);
    expect(html).toContain('Allow all fetches for this answer');
  });

  it('highlights the https address it fetches, and says the address as written and the upgrade', () => {
    const html = render({
      target: 'https://docs.example.com/guide',
      host: 'https://docs.example.com',
      asked: 'http://docs.example.com/guide',
    });
    expect(html).toContain('<mark class="consent-origin">https://docs.example.com</mark>/guide');
    expect(html).not.toContain('<mark class="consent-origin">http://docs.example.com</mark>');
    expect(html).toContain(
      '<strong>http → https</strong>: the address asked for was <span class="consent-asked">http://docs.example.com/guide</span>.',
    );
  });

  it('says that Always allow this site on an upgraded address allows the https site only', () => {
    const html = render({
      target: 'https://docs.example.com/guide',
      host: 'https://docs.example.com',
      asked: 'http://docs.example.com/guide',
    });
    expect(html).toContain(
      '<span>Always allow this site</span> allows <strong>https://docs.example.com</strong>, the site above, and no other.',
    );
    expect(buttons(html)).toContain('Always allow this site');
  });

  it('says nothing about an upgrade when the address was fetched as written', () => {
    expect(render()).not.toContain('http → https');
  });

  it('shows both forms of an internationalised host, punycode highlighted', () => {
    const html = render({ target: 'https://xn--pple-43d.com/login' });
    expect(html).toContain('<mark class="consent-origin">https://xn--pple-43d.com</mark>/login');
    expect(html).toContain('<strong>\u0430pple.com</strong>');
  });

  it('offers "Always allow searches" on a search card and shows the query and provider', () => {
    const html = render({
      kind: 'search',
      target: 'dexie liveQuery',
      host: 'searxng',
      detail: 'SearXNG',
    });
    expect(html).toContain(
      'Search</strong> the web with <mark class="consent-origin">SearXNG</mark> for:',
    );
    expect(html).toContain('<q class="consent-query">dexie liveQuery</q>');
    // The provider's label is said once, in the sentence, not again as a detail line.
    expect(html).not.toContain('consent-detail');
    expect(buttons(html)).toEqual([
      'Allow once',
      'Allow all for this answer',
      'Always allow searches',
      'Deny',
    ]);
    expect(html).toContain('Allow all fetches for this answer');
  });

  it('shows a tool call with the tool, its endpoint and every argument, and a grant per tool', () => {
    const html = render({
      kind: 'tool',
      target: 'search_warehouse',
      host: 'http://127.0.0.1:9100/invoke',
      detail: 'Arguments: {\n  "sku": "A-1"\n}',
    });
    expect(html).toContain('Call tool</strong> <code>search_warehouse</code> at:');
    expect(html).toContain('<mark class="consent-origin">http://127.0.0.1:9100</mark>/invoke');
    expect(html).toContain(
      '<pre class="consent-arguments">Arguments: {\n  &quot;sku&quot;: &quot;A-1&quot;\n}</pre>',
    );
    expect(buttons(html)).toEqual([
      'Allow once',
      'Allow all for this answer',
      'Always allow this tool',
      'Deny',
    ]);
    expect(html).toContain('Allow all tool calls for this answer');
  });

  it('names the provider by its label when the card carries only its id', () => {
    expect(searchProviderName({ host: 'duckduckgo' })).toBe('DuckDuckGo');
    expect(searchProviderName({ host: 'brave', detail: ' ' })).toBe('Brave Search');
    expect(searchProviderName({ host: 'mystery' })).toBe('mystery');
  });

  it('offers no standing grant when the request is not grantable', () => {
    expect(buttons(render({ grantable: false }))).toEqual([
      'Allow once',
      'Allow all for this answer',
      'Deny',
    ]);
  });

  it('asks about a tab with only Allow once and Deny, and no allow-all checkbox', () => {
    const html = render({
      kind: 'tab',
      target: 'https://mail.example/inbox',
      host: 'Inbox (3)',
      grantable: false,
    });
    expect(html).toContain('Read tab');
    expect(html).toContain('<q>Inbox (3)</q>');
    expect(buttons(html)).toEqual(['Allow once', 'Deny']);
    expect(html).not.toContain('checkbox');
  });

  it('says in words when the address carries text from another site, and only then', () => {
    const html = render({ warning: 'This address contains text from mail.example: ‘4417…’' });
    expect(html).toContain(
      '<p class="consent-warning" role="note"><strong>Careful:</strong> This address contains text from mail.example: ‘4417…’. Allow only if you meant to send it.</p>',
    );
    expect(render()).not.toContain('consent-warning');
  });

  it('says in plain words what allowing does, with the fetch format folded away', () => {
    const html = renderToStaticMarkup(
      <ConsentCard
        request={request({ detail: 'Format: auto' })}
        onAnswer={async () => undefined}
        providerName="OpenAI"
      />,
    );
    expect(html).toContain(
      'Gleaner will download this page and send its text to your model provider (OpenAI).',
    );
    expect(html).toMatch(
      /<details[^>]*><summary>Details<\/summary><p class="consent-detail">Format: auto/,
    );
    expect(consentSentence({ kind: 'search', host: 'duckduckgo' }, 'Ollama')).toBe(
      'Gleaner will send this search to DuckDuckGo and give the results to your model provider (Ollama).',
    );
  });

  it('shows a target that is not a URL as it is', () => {
    expect(render({ target: 'not a url' })).toContain('<code class="consent-url">not a url</code>');
  });
});

describe('alwaysLabel', () => {
  it('never offers a grant for a tab, even if a record claims it is grantable', () => {
    expect(alwaysLabel({ kind: 'tab', grantable: true })).toBeUndefined();
  });
});
