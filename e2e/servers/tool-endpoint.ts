/**
 * A declared tool's executor for the browser test: an HTTP endpoint on 127.0.0.1 that records
 * every request exactly as it arrived (method, path, query, headers, body) and answers with a
 * fixed stock level, so the test can check that the extension sent only the declared request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface EndpointRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ToolEndpoint {
  /** The endpoint to declare: `http://127.0.0.1:<port>/invoke/search_warehouse`. */
  url: string;
  requests: EndpointRequest[];
  close(): Promise<void>;
}

export async function startToolEndpoint(answer: unknown): Promise<ToolEndpoint> {
  const requests: EndpointRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/invoke/search_warehouse`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
