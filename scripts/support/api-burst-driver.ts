/**
 * A child process of scripts/web-server.test.ts: a stand-in API with the API's keep-alive
 * behaviour (idle connections closed after KEEP_ALIVE_MS, exactly) and a client that sends bursts
 * of parallel requests through the front server, each after an idle gap around that timeout. In
 * a process of its own, so the API closes its connections on time while the front server's event
 * loop is busy. Messages: sends { apiPort }, receives { frontOrigin }, sends { statuses }.
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const KEEP_ALIVE_MS = 2000;
export const BURSTS = 16;
export const BURST_SIZE = 100;

export interface DriverMessage {
  apiPort?: number;
  statuses?: number[];
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  request.on('end', () => {
    response.setHeader('Content-Type', 'application/json');
    response.end('{"ok":true}');
  });
}

async function main(): Promise<void> {
  const send = (message: DriverMessage) => process.send?.(message);
  const api = http.createServer(answer);
  api.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node keeps an idle connection a second past keepAliveTimeout unless told otherwise.
  api.keepAliveTimeoutBuffer = 0;
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  send({ apiPort: (api.address() as AddressInfo).port });
  const [{ frontOrigin }] = (await once(process, 'message')) as [{ frontOrigin: string }];

  // A browser's way: its own connections kept open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const request = (method: string) =>
    new Promise<number>((resolve) => {
      const outgoing = http.request(
        new URL('/api/v1/extra/waitlist', frontOrigin),
        { method, agent, headers: { 'Content-Type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', () => {
            resolve(response.statusCode ?? 0);
          });
        },
      );
      outgoing.on('error', () => {
        resolve(0);
      });
      outgoing.end(method === 'POST' ? '{"email":"someone@example.com"}' : undefined);
    });

  const statuses: number[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    const answers = Array.from({ length: BURST_SIZE }, (_, index) =>
      request(index % 3 === 0 ? 'GET' : 'POST'),
    );
    statuses.push(...(await Promise.all(answers)));
    // The next burst lands within 40 ms either side of the moment the API closes the idle
    // connections the previous one left.
    await sleep(KEEP_ALIVE_MS - 40 + (burst % 9) * 10);
  }
  agent.destroy();
  api.close();
  send({ statuses });
}

if (import.meta.main) await main();
