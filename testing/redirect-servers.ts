import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Two local HTTP servers for redirect tests (made by hand): `redirector` answers every request
 * with the given status and a Location pointing to `elsewhere`, and `elsewhere` counts what
 * reaches it, so a test can prove that no second request was sent.
 */
export interface RedirectServers {
  /** Base URL of the redirecting server, e.g. http://127.0.0.1:41234/v1 */
  redirectorUrl: string;
  /** Origin of the server the redirect points to. */
  elsewhereOrigin: string;
  /** Requests that reached the redirecting server. */
  redirectorHits: string[];
  /** Requests that reached the other server: should stay empty. */
  elsewhereHits: string[];
  close: () => Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

export async function startRedirectServers(status = 307): Promise<RedirectServers> {
  const redirectorHits: string[] = [];
  const elsewhereHits: string[] = [];
  const elsewhere = createServer((request, response) => {
    elsewhereHits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  const elsewhereOrigin = await listen(elsewhere);
  const redirector = createServer((request, response) => {
    redirectorHits.push(`${request.method} ${request.url}`);
    // Drain the body so the connection closes cleanly.
    request.resume();
    response.writeHead(status, { location: `${elsewhereOrigin}${request.url}` }).end();
  });
  const redirectorOrigin = await listen(redirector);
  const closeOne = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    redirectorUrl: `${redirectorOrigin}/v1`,
    elsewhereOrigin,
    redirectorHits,
    elsewhereHits,
    close: async () => {
      await Promise.all([closeOne(redirector), closeOne(elsewhere)]);
    },
  };
}
