import { setTimeout as sleep } from 'node:timers/promises';
import { waitlistSubmission } from './waitlist-submission.js';

export type RequestKind = 'join' | 'stats' | 'readiness';

/** One request of a load run, as its client saw it. */
export interface Answer {
  readonly kind: RequestKind;
  /** The waitlist submission's person (join only). */
  readonly person?: number;
  /** The HTTP status, or undefined when no answer came (connection refused or reset, timeout). */
  readonly status: number | undefined;
  readonly error?: string;
  readonly body: unknown;
  readonly requestIdHeader: string | null;
  readonly startedAt: number;
  readonly answeredAt: number;
}

export interface LoadRunOptions {
  /** Clients each submitting one new person after another (retrying the same one after a 503). */
  readonly joiners: number;
  readonly statsReaders?: number;
  readonly readinessPollers?: number;
  /** The first person number; each run's people are distinct. */
  readonly firstPerson?: number;
  /** A client gives up waiting after this long and records no answer. */
  readonly clientTimeoutMs?: number;
  /** Each client's pause between two requests. */
  readonly pauseMs?: number;
}

/** After no answer (server gone), a client waits at least this long before trying again. */
const NO_ANSWER_PAUSE_MS = 100;

const PATHS: Record<RequestKind, string> = {
  join: '/extra/waitlist',
  stats: '/extra/waitlist/stats',
  readiness: '/health',
};

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? cause.code : error.name;
}

/**
 * Concurrent clients of the waitlist and health endpoints against a running API, recording every
 * answer with its timing, until stopped. Clients keep going through outages: a joiner whose
 * submission got a 503 (or no answer) submits the same person again, as the form's user would.
 */
export class LoadRun {
  readonly answers: Answer[] = [];
  private running = true;
  private nextPerson: number;
  private readonly clients: Promise<void>[];
  private readonly clientTimeoutMs: number;
  private readonly pauseMs: number;

  constructor(
    private readonly api: string,
    options: LoadRunOptions,
  ) {
    this.nextPerson = options.firstPerson ?? 1;
    this.clientTimeoutMs = options.clientTimeoutMs ?? 6000;
    this.pauseMs = options.pauseMs ?? 20;
    this.clients = [
      ...Array.from({ length: options.joiners }, () => this.joiner()),
      ...Array.from({ length: options.statsReaders ?? 0 }, () => this.reader('stats')),
      ...Array.from({ length: options.readinessPollers ?? 0 }, () => this.reader('readiness')),
    ];
  }

  /** Stops every client after its current request; resolves with all answers. */
  async stop(): Promise<Answer[]> {
    this.running = false;
    await Promise.all(this.clients);
    return this.answers;
  }

  /** The first answer matching `predicate`, waiting for it up to `timeoutMs`. */
  async firstAnswer(predicate: (answer: Answer) => boolean, timeoutMs: number): Promise<Answer> {
    let found: Answer | undefined;
    await this.until(() => (found = this.answers.find(predicate)) !== undefined, timeoutMs);
    return found as Answer;
  }

  /** Waits until the answers so far satisfy `condition`. */
  async until(
    condition: (answers: readonly Answer[]) => boolean,
    timeoutMs: number,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this.answers)) {
      if (Date.now() > deadline)
        throw new Error(`the load run did not get there in ${timeoutMs} ms`);
      await sleep(25);
    }
  }

  private async joiner(): Promise<void> {
    let person = this.nextPerson++;
    while (this.running) {
      const answer = await this.request('join', person);
      if (answer.status !== undefined && answer.status !== 503) person = this.nextPerson++;
      await sleep(
        answer.status === undefined ? Math.max(this.pauseMs, NO_ANSWER_PAUSE_MS) : this.pauseMs,
      );
    }
  }

  private async reader(kind: RequestKind): Promise<void> {
    while (this.running) {
      await this.request(kind);
      await sleep(kind === 'readiness' ? 100 : this.pauseMs);
    }
  }

  private async request(kind: RequestKind, person?: number): Promise<Answer> {
    const startedAt = Date.now();
    const init: RequestInit =
      person === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(waitlistSubmission(person)),
          };
    let answer: Answer;
    try {
      const response = await fetch(this.api + PATHS[kind], {
        ...init,
        signal: AbortSignal.timeout(this.clientTimeoutMs),
      });
      const body: unknown = await response.json();
      answer = {
        kind,
        person,
        status: response.status,
        body,
        requestIdHeader: response.headers.get('x-request-id'),
        startedAt,
        answeredAt: Date.now(),
      };
    } catch (error) {
      answer = {
        kind,
        person,
        status: undefined,
        error: describeFailure(error),
        body: undefined,
        requestIdHeader: null,
        startedAt,
        answeredAt: Date.now(),
      };
    }
    this.answers.push(answer);
    return answer;
  }
}

/** How long the slowest of `answers` took, in ms. */
export function slowest(answers: readonly Answer[]): number {
  return Math.max(0, ...answers.map(({ startedAt, answeredAt }) => answeredAt - startedAt));
}
