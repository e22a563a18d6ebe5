/**
 * The front server of `npm start` (scripts/lib/web-server.ts) in front of a stand-in API: a plain
 * node:http server with the API's keep-alive behaviour, its timeout shortened so the test is quick.
 */
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import getPort from 'get-port';
import { startWebServer, type WebServer } from './lib/web-server.ts';
import {
  BURST_SIZE,
  BURSTS,
  KEEP_ALIVE_MS as BURST_KEEP_ALIVE_MS,
  type DriverMessage,
} from './support/api-burst-driver.ts';

const KEEP_ALIVE_MS = 2000;

interface Front {
  origin: string;
  errors: string[];
  server: WebServer;
}

async function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node keeps an idle connection a second past keepAliveTimeout unless told otherwise; the API's
  // closing moment is what the front server must stay clear of, so it is made exact here.
  server.keepAliveTimeoutBuffer = 0;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

async function startFront(distDir: string, api: http.Server): Promise<Front> {
  const port = await getPort({ host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  const errors: string[] = [];
  const server = await startWebServer({
    distDir,
    apiOrigin: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    publicOrigin: origin,
    hosts: ['127.0.0.1'],
    port,
    apiKeepAliveTimeoutMs: KEEP_ALIVE_MS,
    logProxyError: (line) => errors.push(line),
  });
  return { origin, errors, server };
}

/** Answers once the whole body is in, as the API does. */
function answerJson(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  request.on('end', () => {
    response.setHeader('Content-Type', 'application/json');
    response.end('{"ok":true}');
  });
}

/** Each request on its own connection, so the burst reaches the front server all at once. */
const client = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function send(origin: string, method: string, pathname: string): Promise<number> {
  const body = method === 'POST' ? '{"email":"someone@example.com"}' : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(pathname, origin),
      {
        method,
        agent: client,
        headers: body ? { 'Content-Type': 'application/json' } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve(response.statusCode ?? 0);
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let distDir: string;

before(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'paylock-web-server-'));
  await writeFile(path.join(distDir, 'app.html'), '<html>shell</html>');
});

after(async () => {
  await rm(distDir, { recursive: true, force: true });
});

void describe('the front server under bursts', { timeout: 180_000 }, () => {
  void it('answers every request of bursts sent as the API drops its idle connections, even with its event loop busy', async () => {
    const driver = fork(path.join(import.meta.dirname, 'support', 'api-burst-driver.ts'));
    try {
      const [{ apiPort }] = (await once(driver, 'message')) as [DriverMessage];
      const port = await getPort({ host: '127.0.0.1' });
      const errors: string[] = [];
      const front = await startWebServer({
        distDir,
        apiOrigin: `http://127.0.0.1:${String(apiPort)}`,
        publicOrigin: `http://127.0.0.1:${String(port)}`,
        hosts: ['127.0.0.1'],
        port,
        apiKeepAliveTimeoutMs: BURST_KEEP_ALIVE_MS,
        logProxyError: (line) => errors.push(line),
      });
      // A loaded machine: this process's event loop busy 30 ms of every 40, so the API's closing
      // of a connection and the next request for it are often handled in the same turn.
      const busy = setInterval(() => {
        const until = Date.now() + 30;
        while (Date.now() < until);
      }, 40);
      try {
        driver.send({ frontOrigin: `http://127.0.0.1:${String(port)}` });
        const [{ statuses = [] }] = (await once(driver, 'message')) as [DriverMessage];
        assert.equal(statuses.length, BURSTS * BURST_SIZE);
        assert.deepEqual(
          statuses.filter((status) => status !== 200),
          [],
        );
        assert.deepEqual(errors, []);
      } finally {
        clearInterval(busy);
        await front.stop();
      }
    } finally {
      driver.kill();
    }
  });
});

void describe("the front server and a creator's public page", () => {
  void it("answers /@handle with the backend's server-rendered page of that kit", async () => {
    const paths: string[] = [];
    const api = await listen((request, response) => {
      paths.push(request.url ?? '');
      answerJson(request, response);
    });
    const front = await startFront(distDir, api);
    try {
      assert.equal(await send(front.origin, 'GET', '/@asha.creates?utm_source=qr'), 200);
      assert.equal(await send(front.origin, 'GET', '/@asha/more'), 200);
      assert.deepEqual(paths, ['/api/v1/public/media-kits/asha.creates/page']);
    } finally {
      await front.server.stop();
      api.closeAllConnections();
      api.close();
    }
  });
});

void describe('the front server when the API drops a reused connection', { concurrency: 1 }, () => {
  let api: http.Server;
  const received: string[] = [];

  before(async () => {
    // Answers the first request on each connection; the next one on the same connection finds it
    // closed, as when the API closes an idle connection just as the proxy sends on it.
    const answered = new WeakSet<object>();
    api = await listen((request, response) => {
      received.push(request.method ?? '?');
      if (answered.has(request.socket)) {
        request.socket.destroy();
        return;
      }
      answered.add(request.socket);
      answerJson(request, response);
    });
  });

  after(() => {
    api.closeAllConnections();
    api.close();
  });

  /** A front server of its own (a pool without connections), for one test. */
  async function withFront(test: (front: Front) => Promise<void>): Promise<void> {
    received.length = 0;
    const front = await startFront(distDir, api);
    try {
      await test(front);
    } finally {
      await front.server.stop();
    }
  }

  void it('sends a GET again on a new connection and answers it', () =>
    withFront(async (front) => {
      assert.equal(await send(front.origin, 'GET', '/api/v1/health'), 200);
      assert.equal(await send(front.origin, 'GET', '/api/v1/health'), 200);
      assert.deepEqual(received, ['GET', 'GET', 'GET']);
      assert.equal(front.errors.length, 1);
      assert.match(front.errors[0] ?? '', /ECONNRESET on a reused connection, sent again/);
    }));

  void it('never sends a POST twice: 502, with the error code logged', () =>
    withFront(async (front) => {
      assert.equal(await send(front.origin, 'POST', '/api/v1/extra/waitlist'), 200);
      assert.equal(await send(front.origin, 'POST', '/api/v1/extra/waitlist'), 502);
      assert.deepEqual(received, ['POST', 'POST']);
      assert.deepEqual(front.errors, [
        'paylock web: POST /api/v1/extra/waitlist not answered by the API: ECONNRESET on a reused connection',
      ]);
    }));
});
