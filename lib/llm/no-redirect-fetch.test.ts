import { afterEach, describe, expect, it } from 'vitest';
import { type RedirectServers, startRedirectServers } from '../../testing/redirect-servers';
import { EndpointRedirectError, fetchWithoutRedirects } from './no-redirect-fetch';

let servers: RedirectServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe('fetchWithoutRedirects', () => {
  it('refuses a 307 naming its target, and nothing reaches the other host', async () => {
    servers = await startRedirectServers(307);
    const url = `${servers.redirectorUrl}/chat/completions`;

    const sent = fetchWithoutRedirects()(url, { method: 'POST', body: '{"secret":"prompt"}' });

    await expect(sent).rejects.toThrow(EndpointRedirectError);
    await expect(sent).rejects.toMatchObject({
      url,
      target: `${servers.elsewhereOrigin}/v1/chat/completions`,
    });
    expect(servers.redirectorHits).toEqual(['POST /v1/chat/completions']);
    expect(servers.elsewhereHits).toEqual([]);
  });

  it('overrides a caller asking to follow redirects', async () => {
    servers = await startRedirectServers(301);

    await expect(
      fetchWithoutRedirects()(`${servers.redirectorUrl}/models`, { redirect: 'follow' }),
    ).rejects.toThrow(/redirected to http:\/\/127\.0\.0\.1:\d+\/v1\/models/);
    expect(servers.elsewhereHits).toEqual([]);
  });

  it('says "elsewhere" for the opaque redirect a browser gives, which hides the target', async () => {
    // What a browser's fetch returns for redirect: 'manual': type opaqueredirect, status 0, no
    // headers. Node cannot build one, so this object stands in for it.
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null };
    const seen: RequestInit[] = [];
    const fake: typeof fetch = async (_input, init) => {
      seen.push(init ?? {});
      return opaque as unknown as Response;
    };

    await expect(fetchWithoutRedirects(fake)('https://llm.example/v1/models')).rejects.toThrow(
      'https://llm.example/v1/models redirected elsewhere.',
    );
    expect(seen[0]?.redirect).toBe('manual');
  });

  it('passes other answers through, 304 and errors included', async () => {
    const fake: typeof fetch = async () => new Response(null, { status: 304 });
    const response = await fetchWithoutRedirects(fake)('https://llm.example/v1/models');
    expect(response.status).toBe(304);
  });
});
