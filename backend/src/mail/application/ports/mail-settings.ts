/** Injection token of MailSettings. */
export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

/** What the delivery worker and the templates need from the configuration (MAIL_*, SMTP_URL). */
export interface MailSettings {
  /**
   * Whether this instance delivers: 'off' when MAIL_DELIVERY is off (other instances deliver),
   * 'no-smtp-server' when SMTP_URL is unset (development and tests only: messages stay queued).
   */
  readonly delivery: 'on' | 'off' | 'no-smtp-server';
  /** The domain of MAIL_FROM: the right-hand side of every Message-ID. */
  readonly messageIdDomain: string;
  readonly supportEmail: string;
  readonly worker: OutboxWorkerSettings;
}

export interface OutboxWorkerSettings {
  /** How often an idle worker looks for due messages. */
  readonly pollIntervalMs: number;
  /** Messages one worker sends at the same time. */
  readonly concurrency: number;
  /** Attempts per round before a message is parked as failed. */
  readonly maxAttempts: number;
  /** Delay after the first failed attempt; doubled after each further one. */
  readonly retryBaseDelayMs: number;
  readonly retryMaxDelayMs: number;
  /** How long a claim protects an attempt; must exceed the longest possible send. */
  readonly claimLeaseMs: number;
}
