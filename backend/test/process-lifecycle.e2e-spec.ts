import { once } from 'node:events';
import { connect } from 'node:net';
import { buildBackend, spawnServer, startServer, stopServer } from './support/server-process.js';
import { testDatabaseUri } from './support/test-database.js';

/** The compiled server as an operator runs it: `node dist/main.js`. */
describe('the server process', () => {
  beforeAll(async () => {
    await buildBackend();
  }, 120_000);

  it('refuses a bad configuration with one line per variable and no stack trace', async () => {
    const { code, stderr } = await spawnServer({ PORT: 'abc', MONGODB_URI: 'postgres://nope' })
      .exited;

    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('Invalid configuration: '))).toBe(true);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('MONGODB_URI');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const server = await startServer({ MONGODB_URI: testDatabaseUri('process') });

    server.child.kill('SIGTERM');
    const { code } = await server.exited;

    expect(code).toBe(0);
  });
});

describe('the server process under slow or many clients', () => {
  beforeAll(async () => {
    await buildBackend();
  }, 120_000);

  it('cuts a request whose body trickles in past HTTP_REQUEST_TIMEOUT_MS with a 408', async () => {
    const server = await startServer({
      MONGODB_URI: testDatabaseUri('process'),
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
    });
    try {
      const socket = connect(server.port, '127.0.0.1');
      await once(socket, 'connect');
      const startedAt = Date.now();
      socket.write(
        'POST /api/v1/extra/waitlist HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.write(' '), 200); // a byte every 200 ms
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      await once(socket, 'close');
      clearInterval(trickle);
      const heldMs = Date.now() - startedAt;

      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
      expect(heldMs).toBeGreaterThanOrEqual(2000);
      expect(heldMs).toBeLessThan(2000 + 2500); // the limit, plus the 1 s check interval and slack
    } finally {
      await stopServer(server);
    }
  }, 60_000);

  it('writes every request’s log line before it exits on SIGTERM, under load', async () => {
    const server = await startServer({
      MONGODB_URI: testDatabaseUri('process'),
      LOG_LEVEL: 'info',
    });
    const requests = 300;
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, index) =>
        fetch(`${server.api}/no-such-path-${index}`).then((response) => response.status),
      ),
    );
    server.child.kill('SIGTERM'); // at once: lines of the last answers are still being buffered
    const { code, stdout } = await server.exited;

    expect(answers.every((status) => status === 404)).toBe(true);
    expect(code).toBe(0);
    const logged = new Set(
      stdout
        .split('\n')
        .filter((line) => line.includes('"statusCode":404'))
        .map((line) => /no-such-path-(\d+)/.exec(line)?.[1]),
    );
    expect(logged.size).toBe(requests);
  }, 60_000);
});
