import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Names the upstream that answered, so a test can tell which instance served a request. */
export const SERVED_BY_HEADER = 'x-served-by';

export interface Upstream {
  readonly name: string;
  readonly url: string;
}

export interface RoundRobinProxy {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * "One origin" in front of several API instances, as a load balancer would be: each request
 * goes to the next instance in turn, with `X-Forwarded-For` set (not appended) to the address
 * the client connected from, as the nginx of the container image does.
 */
export async function startRoundRobinProxy(
  upstreams: readonly Upstream[],
): Promise<RoundRobinProxy> {
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const upstream = upstreams[turn++ % upstreams.length];
    if (!upstream) {
      outgoing.writeHead(502).end();
      return;
    }
    const target = new URL(upstream.url);
    const proxied = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [SERVED_BY_HEADER]: upstream.name,
        });
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
