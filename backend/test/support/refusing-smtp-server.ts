/**
 * A minimal SMTP server that answers every RCPT TO with a fixed reply (e.g. "550 5.1.1 …" or
 * "451 4.3.0 …"): a real server on a socket, for tests of how the outbox treats a refusal.
 * MailDev accepts everything, so it cannot play this part.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface RefusingSmtpServer {
  readonly smtpUrl: string;
  /** RCPT TO commands received so far (one per attempt). */
  readonly attempts: number;
  /** Change the reply to the next RCPT TO commands. */
  setReply(reply: string): void;
  stop(): Promise<void>;
}

export async function startRefusingSmtpServer(reply: string): Promise<RefusingSmtpServer> {
  let currentReply = reply;
  let attempts = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    socket.write('220 refusing.test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 refusing.test\r\n');
        else if (command === 'RCPT') {
          attempts += 1;
          socket.write(`${currentReply}\r\n`);
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}`,
    get attempts() {
      return attempts;
    },
    setReply(next) {
      currentReply = next;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
