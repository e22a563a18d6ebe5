import { Injectable } from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { BrandBooks } from '../application/brand-books.use-case.js';
import { Invoicing } from '../application/invoicing.use-case.js';

export const INVOICES_WORKER_INTERVAL_MS = 2_000;

/**
 * Runs in every instance: takes the ledger's `released` and `settled` transactions from its feed
 * and retries invoices still to be issued (a failed render). Every step is claim-once or
 * idempotent, so two instances on the same transaction still make one invoice with one serial.
 */
@Injectable()
export class InvoicesWorker extends PeriodicJob {
  constructor(
    private readonly invoicing: Invoicing,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Invoices', each: 'pass' });
  }

  protected intervalMs(): number {
    return INVOICES_WORKER_INTERVAL_MS;
  }

  /** A journal walked by position before the ledger feed existed is walked on to its end. */
  protected override async prepare(): Promise<void> {
    await this.invoicing.catchUp();
  }

  runOnce(): Promise<number> {
    return this.invoicing.tick(() => this.stopped);
  }
}

/** How often every instance takes invoice changes and the brands' payments into their books. */
export const BRAND_BOOKS_INTERVAL_MS = 2_000;

/**
 * Runs in every instance: the brands' books follow the invoices and the ledger (#40, item 4).
 * Every change is taken once (the read-model kit), so any number of instances may run it; a
 * failed pass is logged and the next resumes where the invoices and the cursors say.
 */
@Injectable()
export class BrandBooksWorker extends PeriodicJob {
  constructor(
    private readonly books: BrandBooks,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Brand books', each: 'pass' });
  }

  protected intervalMs(): number {
    return BRAND_BOOKS_INTERVAL_MS;
  }

  /** A journal walked by position before the ledger feed existed is walked on to its end. */
  protected override async prepare(): Promise<void> {
    await this.books.catchUp();
  }

  runOnce(): Promise<number> {
    return this.books.follow();
  }
}
