import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { pinoHttpOptions } from './logging.module.js';

const SECRETS = {
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhc2hhIn0.c2lnbmF0dXJl',
  refreshToken: 'refresh-token-value-that-must-not-be-logged',
  code: 'authorization-code-from-the-provider',
  state: 'oauth-state-handle',
};

/** A server logging each request with the app's pino-http options into `lines`. */
async function loggingServer(lines: string[]): Promise<Server> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pinoHttp(pinoHttpOptions({ logLevel: 'info' }), sink);
  const server = createServer((request, response) => {
    log(request, response);
    response.setHeader('Set-Cookie', `paylock_refresh=${SECRETS.refreshToken}; HttpOnly`);
    response.statusCode = 302;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('request logs', () => {
  it('never contain tokens, cookies, OAuth codes or query strings', async () => {
    const lines: string[] = [];
    const server = await loggingServer(lines);
    const { port } = server.address() as AddressInfo;
    const query = new URLSearchParams({ code: SECRETS.code, state: SECRETS.state });
    await fetch(
      `http://127.0.0.1:${String(port)}/api/v1/auth/google/callback?${query.toString()}`,
      {
        redirect: 'manual',
        headers: {
          Authorization: `Bearer ${SECRETS.accessToken}`,
          'Proxy-Authorization': `Basic ${SECRETS.accessToken}`,
          Cookie: `paylock_refresh=${SECRETS.refreshToken}`,
        },
      },
    );
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });

    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/auth/google/callback');
    expect(logged).toContain('[redacted]');
    for (const secret of Object.values(SECRETS)) expect(logged).not.toContain(secret);
  });
});
