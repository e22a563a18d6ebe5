import type { ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * How long requests still running at SIGTERM/SIGINT get to finish before their connections are
 * cut. Well inside the 10 s Docker (and 30 s Kubernetes) waits before SIGKILL, leaving time for
 * the database connection to close after it.
 */
export const SHUTDOWN_GRACE_PERIOD_MS = 5000;

/** If closing the database and the rest still hangs this long after the cut, exit 1 anyway. */
const SHUTDOWN_BACKSTOP_MS = 3000;

export interface GracefulShutdownOptions {
  readonly gracePeriodMs?: number;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let every request already being read finish
 * (its answer then closes the connection, so keep-alive clients move on), cut whatever still runs
 * after the grace period, close the database and exit 0. Nest's shutdown hooks do the closing;
 * this adds what they lack: `Connection: close` during shutdown and the time limit.
 */
export function enableGracefulShutdown(
  app: NestExpressApplication,
  { gracePeriodMs = SHUTDOWN_GRACE_PERIOD_MS }: GracefulShutdownOptions = {},
): void {
  const logger = new Logger('Shutdown');
  const server = app.getHttpServer();
  const inFlight = new Set<ServerResponse>();
  let shuttingDown = false;

  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    if (shuttingDown) closeAfterAnswer(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  const startShutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.log(`${signal} received: finishing ${inFlight.size} request(s), then stopping`);
    inFlight.forEach(closeAfterAnswer);
    setTimeout(() => {
      logger.warn(`${inFlight.size} request(s) still running after ${gracePeriodMs} ms: cut`);
      server.closeAllConnections();
      setTimeout(() => {
        logger.error(`Shutdown still not finished ${SHUTDOWN_BACKSTOP_MS} ms after the cut`);
        process.exit(1);
      }, SHUTDOWN_BACKSTOP_MS).unref();
    }, gracePeriodMs).unref();
  };
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, startShutdown);
  app.enableShutdownHooks([...SHUTDOWN_SIGNALS], { useProcessExit: true });
}
