import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Clock } from '../../common/application/clock.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectAppConfig } from '../../config/config.module.js';
import { OUTBOX_STATUSES, OutboxQueries } from '../../mail/index.js';
import { GetWaitlistStats } from '../../waitlist/index.js';

/** Requests no route matched share one label value, so a scan cannot add series. */
const UNMATCHED_ROUTE = 'unmatched';
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `/api/v1/waitlist/:id`: the route's template, never the path a client sent. No route, or only
 * a catch-all (Nest's not-found route, `/api*path`): unmatched.
 */
function routeOf(request: Request): string {
  const route = (request as { route?: { path?: unknown } }).route;
  if (typeof route?.path !== 'string' || route.path.includes('*')) return UNMATCHED_ROUTE;
  return `${request.baseUrl}${route.path}`;
}

/**
 * The Prometheus figures of one API instance (issue #29), in its own registry (never
 * prom-client's global one: each application has its own). Request counts and latencies by
 * route template, method and status; 429 refusals; the outbox, mail failures and seats read from
 * the database at each scrape; the Node process (prom-client's default metrics).
 */
@Injectable()
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly tokenDigest: Buffer | undefined;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'route'>;

  constructor(
    @InjectAppConfig() config: AppConfig,
    outbox: OutboxQueries,
    stats: GetWaitlistStats,
    clock: Clock,
  ) {
    this.tokenDigest =
      config.metrics.token === undefined ? undefined : digest(config.metrics.token);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'paylock_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'paylock_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers,
    });
    this.refusals = new Counter({
      name: 'paylock_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route template',
      labelNames: ['route'],
      registers,
    });
    const outboxFigures = new OutboxReading(outbox);
    new Gauge({
      name: 'paylock_outbox_messages',
      help: 'Messages in the outbox by status (queued and sending: still to deliver; failed: parked after the last attempt)',
      labelNames: ['status'],
      registers,
      async collect() {
        const figures = await outboxFigures.read();
        for (const status of OUTBOX_STATUSES) this.set({ status }, figures.byStatus[status]);
      },
    });
    new Gauge({
      name: 'paylock_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest message still to deliver (0 when none)',
      registers,
      async collect() {
        const { oldestPendingCreatedAt } = await outboxFigures.read();
        const ageMs = oldestPendingCreatedAt
          ? clock.now().getTime() - oldestPendingCreatedAt.getTime()
          : 0;
        this.set(Math.max(0, ageMs) / 1000);
      },
    });
    new Gauge({
      name: 'paylock_mail_retrying_messages',
      help: 'Queued messages whose last attempt failed, waiting to be tried again',
      registers,
      async collect() {
        this.set((await outboxFigures.read()).retrying);
      },
    });
    new Gauge({
      name: 'paylock_waitlist_seats_remaining',
      help: 'Early-access seats not yet taken by a confirmed waitlist entry',
      registers,
      async collect() {
        this.set((await stats.execute()).remainingSlots);
      },
    });
  }

  /** Express middleware: counts and times every request when its answer ends. */
  readonly recordRequests: RequestHandler = (request, response, next) => {
    const stopTimer = this.latency.startTimer();
    response.once('finish', () => {
      const labels = {
        method: request.method,
        route: routeOf(request),
        status: String(response.statusCode),
      };
      stopTimer(labels);
      this.requests.inc(labels);
      if (response.statusCode === 429) this.refusals.inc({ route: labels.route });
    });
    next();
  };

  /**
   * Express handler of GET /metrics: with METRICS_TOKEN unset it passes (the path is then
   * unknown: 404); otherwise it answers only `Authorization: Bearer <METRICS_TOKEN>` (401 and no
   * figures without it).
   */
  readonly endpoint = (request: Request, response: Response, next: NextFunction): void => {
    const exact = request.path === '/'; // mounted at /metrics: not /metrics/anything
    if (this.tokenDigest === undefined || !exact || !['GET', 'HEAD'].includes(request.method)) {
      next();
      return;
    }
    const presented = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented === undefined || !timingSafeEqual(digest(presented), this.tokenDigest)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      next(new UnauthorizedException('A valid metrics token is required'));
      return;
    }
    this.registry.metrics().then(
      (text) => {
        response
          .status(200)
          .setHeader('Content-Type', this.registry.contentType)
          .setHeader('Cache-Control', 'no-store')
          .send(text);
      },
      (error: unknown) => {
        next(error);
      },
    );
  };
}

/** One database read of the outbox per scrape, shared by the gauges that show it. */
class OutboxReading {
  private pending: ReturnType<OutboxQueries['figures']> | undefined;

  constructor(private readonly outbox: OutboxQueries) {}

  read(): ReturnType<OutboxQueries['figures']> {
    this.pending ??= this.outbox.figures().finally(() => {
      setImmediate(() => {
        this.pending = undefined;
      });
    });
    return this.pending;
  }
}
