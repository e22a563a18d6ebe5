import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server (here MailDev's SMTP port) that a test can take down and
 * bring back on the same port: while down, connections are refused and the open ones are cut,
 * as when the mail server goes away. The server behind it (and its inbox) stays as it was.
 */
export interface OutageProxy {
  readonly port: number;
  /** Refuses new connections and cuts the open ones. */
  takeDown(): Promise<void>;
  /** Accepts connections again on the same port. */
  bringBack(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOutageProxy(targetPort: number): Promise<OutageProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const listen = async (port: number): Promise<number> => {
    const next = createServer((client) => {
      const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    server = next;
    const address = next.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  };

  const close = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) {
      await new Promise<void>((resolve) => {
        current.close(() => {
          resolve();
        });
      });
    }
  };

  const port = await listen(0);
  return {
    port,
    takeDown: close,
    async bringBack() {
      if (!server) await listen(port);
    },
    stop: close,
  };
}
