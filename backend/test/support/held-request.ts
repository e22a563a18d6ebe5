import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface HeldRequest {
  /** Sends the rest of the body: the server can then answer. */
  finish(): void;
  /** Everything the server sent, once it closed the connection (answers close it in shutdown). */
  readonly received: Promise<string>;
}

/** The final status line's code of a raw HTTP/1.1 exchange ('' when no answer came). */
export function finalStatus(received: string): string {
  const statusLines = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]);
  return statusLines.filter((status) => status !== '100').at(-1) ?? '';
}

/**
 * A JSON POST the server has started but cannot finish yet: the headers are sent with
 * `Expect: 100-continue`, and once the server's "100 Continue" shows it is handling the request,
 * the body is held back until `finish()`.
 */
export async function holdRequest(port: number, path: string, body: object): Promise<HeldRequest> {
  const payload = JSON.stringify(body);
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      resolve(received);
    });
  });
  socket.on('error', () => {
    // a reset is an outcome the test reads from `received`
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(payload)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  for (let waitedMs = 0; !received.includes('100 Continue'); waitedMs += 10) {
    if (waitedMs > 5000) throw new Error(`no 100 Continue for the held request: ${received}`);
    await sleep(10);
  }
  return {
    finish: () => {
      socket.write(payload);
    },
    received: closed,
  };
}
