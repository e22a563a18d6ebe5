/**
 * An open-model load generator: requests start at a fixed arrival rate, on a schedule that does
 * not wait for earlier answers, each on a connection of its own when the others are busy. Each
 * latency is measured from the moment the request was *due*, so a stalled server or a late
 * generator shows up in the figures instead of hiding in them (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: it gives each connection a quota per second, sends
 * the quota back to back as answers arrive (a burst at the start of every second) and stops
 * sending while its connections wait.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PlannedRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface ArrivalRateOptions {
  readonly origin: string;
  readonly ratePerSecond: number;
  readonly seconds: number;
  /** The n-th request (from 0). */
  readonly requestAt: (index: number) => PlannedRequest;
  readonly timeoutMs?: number;
}

export interface ArrivalRateResult {
  readonly planned: number;
  readonly answered: number;
  /** Requests started per second, over the time it took to start them all. */
  readonly achievedRatePerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Answers by HTTP status. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Requests without an answer, by kind (connection error, timeout). */
  readonly failures: Readonly<Record<string, number>>;
  /** How late the generator itself started the latest request (its own delay, included above). */
  readonly maxStartLagMs: number;
  readonly peakConnections: number;
}

/** The q-quantile (0–1) of ascending values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

interface Outcome {
  readonly latencyMs: number;
  readonly status?: number;
  readonly failure?: string;
}

function send(
  agent: Agent,
  origin: URL,
  planned: PlannedRequest,
  dueAt: number,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: planned.method,
        path: planned.path,
        headers: {
          ...planned.headers,
          ...(planned.body !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(planned.body)),
          }),
        },
        timeout: timeoutMs,
      },
      (incoming) => {
        incoming.resume(); // the body is not needed, only its end
        incoming.on('end', () => {
          resolve({ latencyMs: performance.now() - dueAt, status: incoming.statusCode });
        });
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy(new Error('timeout'));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const failure = error.message === 'timeout' ? 'timeout' : (error.code ?? error.message);
      resolve({ latencyMs: performance.now() - dueAt, failure });
    });
    outgoing.end(planned.body);
  });
}

export async function runAtArrivalRate(options: ArrivalRateOptions): Promise<ArrivalRateResult> {
  const origin = new URL(options.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const intervalMs = 1000 / options.ratePerSecond;
  const planned = Math.round(options.ratePerSecond * options.seconds);
  const outcomes: Promise<Outcome>[] = [];
  let maxStartLagMs = 0;
  let inFlight = 0;
  let peakConnections = 0;
  const startedAt = performance.now();
  let lastStartAt = startedAt;

  for (let index = 0; index < planned; index++) {
    const dueAt = startedAt + index * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await sleep(wait);
    lastStartAt = performance.now();
    maxStartLagMs = Math.max(maxStartLagMs, lastStartAt - dueAt);
    inFlight += 1;
    peakConnections = Math.max(peakConnections, inFlight);
    outcomes.push(
      send(agent, origin, options.requestAt(index), dueAt, options.timeoutMs ?? 10_000).finally(
        () => {
          inFlight -= 1;
        },
      ),
    );
  }
  const settled = await Promise.all(outcomes);
  agent.destroy();

  const latencies = settled.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  const failures: Record<string, number> = {};
  for (const outcome of settled) {
    if (outcome.status !== undefined) {
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    } else {
      const kind = outcome.failure ?? 'unknown';
      failures[kind] = (failures[kind] ?? 0) + 1;
    }
  }
  return {
    planned,
    answered: settled.filter((outcome) => outcome.status !== undefined).length,
    achievedRatePerSecond: planned / ((lastStartAt - startedAt + intervalMs) / 1000),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? NaN,
    statuses,
    failures,
    maxStartLagMs,
    peakConnections,
  };
}
