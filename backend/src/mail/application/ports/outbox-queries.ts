import type { OutboxMessage, OutboxStatus } from '../../domain/outbox-message.js';

export interface OutboxListQuery {
  readonly status?: OutboxStatus;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface OutboxPage {
  /** Newest first. */
  readonly items: readonly OutboxMessage[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** retried: queued again for a new round of attempts; otherwise why not. */
export type OutboxRetryResult = 'retried' | 'not-found' | 'not-failed';

/** How the outbox stands, for the metrics. */
export interface OutboxFigures {
  /** Messages by status (`sent` and `failed` until the retention job removes them). */
  readonly byStatus: Readonly<Record<OutboxStatus, number>>;
  /** Queued messages with at least one failed attempt, waiting for their next one. */
  readonly retrying: number;
  /** When the oldest message still to deliver (queued or sending) was queued; none: undefined. */
  readonly oldestPendingCreatedAt: Date | undefined;
}

/** The back-office's read side of the outbox (the admin module's Mail screen, the metrics). */
export abstract class OutboxQueries {
  abstract figures(): Promise<OutboxFigures>;

  abstract list(query: OutboxListQuery): Promise<OutboxPage>;
  /** Queues a `failed` message again, with a fresh round of attempts. */
  abstract retry(messageId: string): Promise<OutboxRetryResult>;
}
