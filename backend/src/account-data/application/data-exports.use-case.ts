import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { Outbox } from '../../mail/mail.contract.js';
import { AccountNotices } from '../../notifications/notifications.contract.js';
import {
  type Account,
  AccountErasureGate,
  accountNameOf,
  Accounts,
  ContactEmails,
  isBrandAccount,
  mailAddressOf,
} from '../../users/users.contract.js';
import {
  AccountErasedNotFoundError,
  DataExportNotFoundError,
} from '../domain/account-data.errors.js';
import {
  type DataExportStatus,
  dataExportExpiry,
  isExpired,
  type PendingDataExport,
  type ReadyDataExport,
} from '../domain/data-export.js';
import { ExportAccountData } from './export-account-data.use-case.js';
import { DataExports } from './ports/data-exports.js';

/** Where each party asks for and downloads its data: its settings page's data section. */
export const DATA_PATHS = { creator: '/creator/settings#data', brand: '/brand/settings#data' };

/** The export worker's settings: the app's public address (links), how often it looks. */
export class DataExportSettings {
  constructor(
    readonly publicUrl: string,
    readonly workerIntervalMs = 2_000,
    /** How long one build attempt owns an export before another instance may take it over. */
    readonly attemptWindowMs = 5 * 60_000,
  ) {}

  dataUrlOf(account: Account): string {
    return new URL(DATA_PATHS[isBrandAccount(account) ? 'brand' : 'creator'], this.publicUrl).href;
  }
}

/**
 * "Download my data" (#41): queues a copy of the caller's own data to be prepared in the
 * background; while one is being prepared, asking again answers that one (no second build).
 */
@Injectable()
export class RequestDataExport {
  constructor(
    private readonly exports: DataExports,
    private readonly erasures: AccountErasureGate,
    private readonly clock: Clock,
  ) {}

  async execute(account: Account, sessionId: string): Promise<DataExportStatus> {
    if (await this.erasures.isErased(account.id)) throw new AccountErasedNotFoundError();
    const pending = await this.exports.enqueue({
      id: randomUUID(),
      accountId: account.id,
      sessionId,
      requestedAt: this.clock.now(),
    });
    return { state: 'preparing', ...pending };
  }
}

/** What Settings shows: the copy being prepared, else the latest ready one (null: none). */
@Injectable()
export class DataExportStatusOf {
  constructor(
    private readonly exports: DataExports,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string): Promise<DataExportStatus | null> {
    const pending = await this.exports.pendingOf(accountId);
    if (pending) return { state: 'preparing', ...pending };
    const ready = await this.exports.latestReadyOf(accountId);
    if (!ready || isExpired(ready, this.clock.now())) return null;
    return { state: 'ready', ...ready };
  }
}

/** The ZIP of a ready copy, for the account it was made for only (404 for anyone else). */
@Injectable()
export class DownloadDataExport {
  constructor(
    private readonly exports: DataExports,
    private readonly erasures: AccountErasureGate,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string, exportId: string): Promise<Uint8Array> {
    if (await this.erasures.isErased(accountId)) throw new AccountErasedNotFoundError();
    const ready = await this.exports.readyById(exportId);
    if (!ready || ready.accountId !== accountId || isExpired(ready, this.clock.now())) {
      throw new DataExportNotFoundError();
    }
    const archive = await this.exports.archiveOf(ready);
    if (!archive) throw new DataExportNotFoundError();
    return archive;
  }
}

const QUEUE_BATCH = 5;

/**
 * The worker's pass (#41): each queued export is claimed for an attempt window, built, stored
 * claim-once as ready, made the account's latest copy, told to the person (bell, e-mail, or SMS
 * for a brand without an address), then dequeued. Every step may run again: an instance killed
 * half-way leaves the export queued, and the next attempt window's claimant finishes it.
 */
@Injectable()
export class BuildDataExports {
  private readonly logger = new Logger(BuildDataExports.name);

  constructor(
    private readonly exports: DataExports,
    private readonly build: ExportAccountData,
    private readonly accounts: Accounts,
    private readonly erasures: AccountErasureGate,
    private readonly contacts: ContactEmails,
    private readonly outbox: Outbox,
    private readonly notices: AccountNotices,
    private readonly settings: DataExportSettings,
    private readonly clock: Clock,
  ) {}

  /** One pass: answers how many exports it finished. */
  async pass(): Promise<number> {
    let finished = 0;
    for (const pending of await this.exports.queued(QUEUE_BATCH)) {
      try {
        if (await this.prepare(pending)) finished += 1;
      } catch (error) {
        // This export stays queued for the next attempt window; the others go on.
        this.logger.warn(
          `Data export ${pending.id} failed (${error instanceof Error ? error.name : 'unknown error'}); its next attempt resumes it`,
        );
      }
    }
    await this.exports.removeExpired(this.clock.now(), QUEUE_BATCH * 10);
    return finished;
  }

  private async prepare(pending: PendingDataExport): Promise<boolean> {
    const account = await this.accounts.findById(pending.accountId);
    if (!account || (await this.erasures.isErased(pending.accountId))) {
      // Erased (or being erased) meanwhile: nothing is left to export.
      await this.exports.dequeue(pending);
      return false;
    }
    const ready =
      (await this.exports.readyById(pending.id)) ?? (await this.attempt(pending, account));
    if (!ready) return false;
    await this.exports.makeLatest(ready);
    await this.tell(account, ready);
    await this.exports.dequeue(pending);
    this.logger.log(`Data export ${ready.id} ready (${String(ready.sizeBytes)} bytes)`);
    return true;
  }

  /** Builds and stores the export when this instance wins the attempt window; else undefined. */
  private async attempt(
    pending: PendingDataExport,
    account: Account,
  ): Promise<ReadyDataExport | undefined> {
    const window = Math.floor(this.clock.now().getTime() / this.settings.attemptWindowMs);
    if (!(await this.exports.claimAttempt(pending.id, window))) return undefined;
    const archive = await this.build.execute(account, pending.sessionId);
    const readyAt = this.clock.now();
    const ready: ReadyDataExport = {
      id: pending.id,
      accountId: pending.accountId,
      requestedAt: pending.requestedAt,
      readyAt,
      expiresAt: dataExportExpiry(readyAt),
      sizeBytes: archive.byteLength,
    };
    if (await this.exports.storeReady(ready, String(window), archive)) {
      return ready;
    }
    return this.exports.readyById(pending.id);
  }

  /** The bell always; e-mail where the account has an address, else (a brand) an SMS. */
  private async tell(account: Account, ready: ReadyDataExport): Promise<void> {
    const brand = isBrandAccount(account);
    const address = mailAddressOf(
      brand ? null : account.email,
      await this.contacts.find(account.id),
    );
    const dataUrl = this.settings.dataUrlOf(account);
    const until = UNTIL.format(ready.expiresAt);
    if (address !== null && address !== '') {
      await this.outbox.enqueue({
        key: `data-export-ready:${ready.id}`,
        kind: 'data-export-ready',
        to: { email: address, name: accountNameOf(account) },
        data: { until, dataUrl },
        about: account.id,
      });
    }
    await this.notices.tell({
      party: brand ? 'brand' : 'creator',
      accountId: account.id,
      kind: 'data_export_ready',
      eventId: `data-export:${ready.id}`,
      title: 'Your data is ready to download',
      body: `The copy of your Paylock data you asked for can be downloaded until ${until}.`,
      actionPath: DATA_PATHS[brand ? 'brand' : 'creator'],
      actionLabel: 'Download it',
      at: ready.readyAt,
      ...(brand &&
        (address === null || address === '') && { sms: { to: account.phone, link: dataUrl } }),
    });
  }
}

const UNTIL = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
