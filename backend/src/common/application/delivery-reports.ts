/**
 * What became of a message an outbox (mail, SMS) holds, told to whoever queued it with a
 * `report` reference (the notifications' deal timeline, #39): an outbox's status is read from
 * these reports, never by scanning the outbox (a read the database kit keeps keyed).
 */
export type DeliveryStatus = 'sent' | 'retrying' | 'failed';

export interface DeliveryReport {
  /** The reference the message was queued with (opaque to the outbox). */
  readonly ref: string;
  readonly status: DeliveryStatus;
  readonly at: Date;
}

export type DeliveryReportListener = (report: DeliveryReport) => Promise<void>;

/**
 * The listeners of one outbox's reports (a plain registry its module provides). A report is sent
 * after the outbox recorded the status; a listener that fails is the listener's loss (the outbox's
 * record stands), so workers log it and go on.
 */
export class DeliveryReports {
  private readonly listeners: DeliveryReportListener[] = [];

  listen(listener: DeliveryReportListener): void {
    this.listeners.push(listener);
  }

  async report(ref: string | undefined, status: DeliveryStatus, at: Date): Promise<void> {
    if (ref === undefined) return;
    for (const listener of this.listeners) await listener({ ref, status, at });
  }
}
