import { describe, expect, it } from 'vitest';
import { describeLocalServer, detectLocalServers } from './detect-local-servers';

type Route = (url: string) => Response | 'refused';

function fakeFetch(route: Route): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const impl = async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const answer = route(url);
    if (answer === 'refused') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { fetch: impl as typeof fetch, asked };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('detectLocalServers', () => {
  it('finds Ollama by its tag list and LM Studio by its model list', async () => {
    const { fetch, asked } = fakeFetch((url) => {
      if (url === 'http://localhost:11434/api/tags') {
        return json({ models: [{ name: 'qwen3:8b' }, { name: 'llama3.1:8b' }] });
      }
      if (url === 'http://localhost:1234/v1/models') return json({ data: [{ id: 'gemma-3' }] });
      return 'refused';
    });
    const servers = await detectLocalServers(fetch);
    expect(servers).toEqual([
      {
        provider: 'ollama',
        name: 'Ollama',
        baseUrl: 'http://localhost:11434/v1',
        models: ['llama3.1:8b', 'qwen3:8b'],
      },
      {
        provider: 'lmstudio',
        name: 'LM Studio',
        baseUrl: 'http://localhost:1234/v1',
        models: ['gemma-3'],
      },
    ]);
    expect(asked).toEqual(['http://localhost:11434/api/tags', 'http://localhost:1234/v1/models']);
  });

  it('falls back to /v1/models when /api/tags is missing, and skips closed ports', async () => {
    const { fetch } = fakeFetch((url) => {
      if (url.endsWith('/api/tags')) return json({ error: 'not found' }, 404);
      if (url === 'http://localhost:11434/v1/models') return json({ data: [{ id: 'phi4' }] });
      return 'refused';
    });
    const servers = await detectLocalServers(fetch);
    expect(servers.map((server) => [server.name, server.models])).toEqual([['Ollama', ['phi4']]]);
  });

  it('reports an Ollama that refuses extension origins (403) as running but refused', async () => {
    const { fetch } = fakeFetch((url) => (url.includes('11434') ? json({}, 403) : 'refused'));
    const [server] = await detectLocalServers(fetch);
    expect(server?.refused).toBe(true);
    expect(server && describeLocalServer(server)).toBe(
      'Ollama is running but refused Gleaner (HTTP 403)',
    );
  });

  it('finds nothing when nothing listens, and ignores servers that are not model servers', async () => {
    expect(await detectLocalServers(fakeFetch(() => 'refused').fetch)).toEqual([]);
    const html = fakeFetch(() => new Response('<html></html>', { status: 200 }));
    expect(await detectLocalServers(html.fetch)).toEqual([]);
  });

  it('says how many models a server offers', () => {
    const server = {
      provider: 'ollama' as const,
      name: 'Ollama',
      baseUrl: 'x',
      models: ['a', 'b', 'c'],
    };
    expect(describeLocalServer(server)).toBe('Ollama is running with 3 models');
    expect(describeLocalServer({ ...server, models: ['a'] })).toBe(
      'Ollama is running with 1 model',
    );
    expect(describeLocalServer({ ...server, models: [] })).toBe(
      'Ollama is running with no models yet',
    );
  });
});
