import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import {
  MAIL_KINDS,
  type MailKind,
  OUTBOX_STATUSES,
  type OutboxMessage,
  type OutboxStatus,
  subjectOfMailKind,
} from '../../../mail/index.js';

/** One outbox message as the Mail screen shows it: no body, no template data (links, tokens). */
export class OutboxMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: MAIL_KINDS, enumName: 'MailKind' }) kind!: MailKind;

  @ApiProperty({ description: "The recipient's e-mail address", example: 'asha@example.com' })
  recipientEmail!: string;

  @ApiProperty({
    nullable: true,
    type: 'string',
    description: 'Null when the stored data no longer fits the template',
    example: 'Confirm your place on the Paylock waitlist',
  })
  subject!: string | null;

  @ApiProperty({
    enum: OUTBOX_STATUSES,
    enumName: 'OutboxStatus',
    description:
      'queued: waiting for its next attempt; sending: an attempt is under way; sent: the SMTP ' +
      'server accepted it; failed: parked after its last attempt (an admin may retry it)',
  })
  status!: OutboxStatus;

  @ApiProperty({ type: 'integer', description: 'Attempts made so far, over every round' })
  attempts!: number;

  @ApiProperty({
    nullable: true,
    type: 'string',
    description: "The SMTP server's answer (or the transport error) of the last failed attempt",
    example: '550 5.1.1 <asha@example.com>: Recipient address rejected',
  })
  lastError!: string | null;

  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: 'string' }) sentAt!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: 'string' }) failedAt!: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: 'string',
    description: 'When a queued message is next tried; null once sent or failed',
  })
  nextAttemptAt!: string | null;

  static fromDomain(message: OutboxMessage): OutboxMessageDto {
    const waiting = message.status === 'queued' || message.status === 'sending';
    return Object.assign(new OutboxMessageDto(), {
      id: message.id,
      kind: message.kind,
      recipientEmail: message.to.email,
      subject: subjectOfMailKind(message.kind, message.to, message.data) ?? null,
      status: message.status,
      attempts: message.attempts,
      lastError: message.lastError ?? null,
      createdAt: message.createdAt.toISOString(),
      sentAt: message.sentAt?.toISOString() ?? null,
      failedAt: message.failedAt?.toISOString() ?? null,
      nextAttemptAt: waiting ? message.nextAttemptAt.toISOString() : null,
    });
  }
}

export class OutboxMessagePageDto extends PageOf(OutboxMessageDto, {
  itemsDescription: 'Newest first',
}) {}
