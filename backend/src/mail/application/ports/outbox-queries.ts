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

/** The back-office's read side of the outbox (the admin module's Mail screen). */
export abstract class OutboxQueries {
  abstract list(query: OutboxListQuery): Promise<OutboxPage>;
  /** Queues a `failed` message again, with a fresh round of attempts. */
  abstract retry(messageId: string): Promise<OutboxRetryResult>;
}
