import type { Server } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { HttpTimeouts } from '../config/app-config.js';

/**
 * How often node:http looks for connections past their request or headers timeout. Node's default
 * (30 s) would let a slow client hold a connection up to 30 s past its limit; the check is a walk
 * over the open connections, cheap at once a second.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Applies the timeouts to a node:http server before it listens (node reads the checking interval
 * when listening starts). Without them a client sending its headers or body a byte at a time holds
 * a connection for node's 300 s request timeout; past them node answers 408 (answered like every
 * other error by answerUnparsableRequests) and closes the connection.
 */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.requestTimeout = timeouts.requestMs;
  server.headersTimeout = timeouts.headersMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    TIMEOUT_CHECK_INTERVAL_MS;
}

/** Nest's Express adapter, whose HTTP server has the configured timeouts from the start. */
export class TimedExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: HttpTimeouts) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    applyHttpTimeouts(this.getHttpServer(), this.timeouts);
  }
}
