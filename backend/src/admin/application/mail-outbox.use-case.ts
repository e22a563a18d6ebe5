import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { OutboxQueries, type OutboxPage } from '../../mail/mail.contract.js';
import { MailMessageNotFailedError, MailMessageNotFoundError } from '../domain/admin.errors.js';
import type { AuditActor } from '../domain/audit-event.js';
import { isMailMessageId } from '../domain/mail-message-id.js';
import type { MailQuery } from './admin-queries.js';
import { AuditLog } from './ports/audit-log.js';

/** The Mail screen's list: the outbox, newest first, one status or all. */
@Injectable()
export class ListOutboxMessages {
  constructor(private readonly outbox: OutboxQueries) {}

  execute(query: MailQuery): Promise<OutboxPage> {
    return this.outbox.list(query);
  }
}

/**
 * An admin queues a failed message again (a fresh round of attempts); the audit log records who
 * and which message id — nothing about the recipient or the content.
 */
@Injectable()
export class RetryOutboxMessage {
  constructor(
    private readonly outbox: OutboxQueries,
    private readonly auditLog: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Throws MailMessageNotFoundError (unknown or malformed id) or MailMessageNotFailedError. */
  async execute(actor: AuditActor, messageId: string): Promise<void> {
    if (!isMailMessageId(messageId)) throw new MailMessageNotFoundError();
    const result = await this.outbox.retry(messageId);
    if (result === 'not-found') throw new MailMessageNotFoundError();
    if (result === 'not-failed') throw new MailMessageNotFailedError();
    await this.auditLog.append({
      at: this.clock.now(),
      actor,
      action: 'mail.retried',
      details: { messageId },
    });
  }
}
