import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, ConnectOptions } from 'mongoose';
import { DatabaseReady } from '../common/application/database-ready.js';
import type { AppConfig } from '../config/app-config.js';
import { InjectAppConfig } from '../config/config.module.js';

const FIRST_RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 5000;

export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(failedAttempts - 1, 0), MAX_RETRY_DELAY_MS);
}

/**
 * Opens the database connection in the background, so the API starts (and answers 503) while the
 * database is down. The driver reconnects by itself once a connection has been open, but not after
 * a failed *initial* connect; this supervisor keeps retrying that, with backoff, until it succeeds
 * or the application shuts down.
 */
@Injectable()
export class DatabaseConnectionSupervisor
  extends DatabaseReady
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger(DatabaseConnectionSupervisor.name);
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt: Promise<void> | undefined;
  private markReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectAppConfig() private readonly config: AppConfig,
  ) {
    super();
  }

  /** Resolves when the first connection opens (start-up work queries only after it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  onApplicationBootstrap(): void {
    this.connect(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.attempt; // an attempt in flight ends within serverSelectionTimeoutMS
    await this.connection.close();
    this.logger.log('Database connection closed');
  }

  private connect(failedAttempts: number): void {
    this.attempt = this.connection.openUri(this.config.mongodbUri, this.connectOptions()).then(
      () => {
        this.logger.log('Database connection established');
        this.markReady();
      },
      (error: unknown) => {
        if (this.stopped) return;
        const delayMs = retryDelayMs(failedAttempts + 1);
        this.logger.warn(
          `Database unreachable (${error instanceof Error ? error.name : 'unknown error'}); retrying in ${delayMs} ms`,
        );
        this.retryTimer = setTimeout(() => {
          this.connect(failedAttempts + 1);
        }, delayMs);
      },
    );
  }

  private connectOptions(): ConnectOptions {
    return {
      bufferCommands: false,
      autoIndex: true,
      serverSelectionTimeoutMS: this.config.dbServerSelectionTimeoutMs,
      // Every write (waitlist entries, users, sessions) is acknowledged once a majority of the
      // replica set has it, so what the API confirmed survives a failover. It overrides a `w` in
      // MONGODB_URI; FerretDB accepts and ignores it.
      writeConcern: { w: 'majority' },
    };
  }
}
