/**
 * An SMTP endpoint in front of a stack's MailDev that can refuse mail as a real server does: while
 * refusing, it answers every RCPT TO with a fixed reply (e.g. "550 5.1.1 …", a permanent refusal
 * the outbox parks as failed); while open, each connection is piped to MailDev untouched. MailDev
 * itself accepts everything, so it cannot play the refusing part.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface SmtpGate {
  /** smtp://127.0.0.1:<port>, for the backend's SMTP_URL. */
  readonly smtpUrl: string;
  /** New connections get `reply` to RCPT TO. */
  refuse(reply: string): void;
  /** New connections reach MailDev (open refusing connections are closed). */
  open(): void;
  stop(): Promise<void>;
}

function refuseOn(socket: Socket, reply: string): void {
  socket.setEncoding('utf8');
  socket.write('220 gate.test ESMTP\r\n');
  let buffer = '';
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const command = buffer.slice(0, 4).toUpperCase();
      buffer = buffer.slice(end + 2);
      if (command === 'EHLO' || command === 'HELO') socket.write('250 gate.test\r\n');
      else if (command === 'RCPT') socket.write(`${reply}\r\n`);
      else if (command === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
}

export async function startSmtpGate(mailDevSmtpUrl: string): Promise<SmtpGate> {
  const target = new URL(mailDevSmtpUrl);
  let refusal: string | null = null;
  const sockets = new Set<Socket>();
  const refused = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (refusal !== null) {
      refused.add(socket);
      socket.on('close', () => refused.delete(socket));
      refuseOn(socket, refusal);
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      socket.destroy();
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    smtpUrl: `smtp://127.0.0.1:${String(address.port)}`,
    refuse(reply) {
      refusal = reply;
    },
    open() {
      refusal = null;
      // A pooled SMTP client keeps its connection: close the refusing ones so it reconnects.
      for (const socket of refused) socket.destroy();
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
