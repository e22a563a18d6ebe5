import { Clock } from '../../common/application/clock.js';
import {
  type OutboxFigures,
  OutboxQueries,
  type OutboxListQuery,
  type OutboxPage,
  type OutboxRetryResult,
} from '../../mail/mail.contract.js';
import { MailMessageNotFailedError, MailMessageNotFoundError } from '../domain/admin.errors.js';
import { ListOutboxMessages, RetryOutboxMessage } from './mail-outbox.use-case.js';
import { InMemoryAuditLog } from '../../../test/support/in-memory-audit-log.js';

const NOW = new Date('2026-11-23T06:00:00Z');
const ID = '0b8f1c3e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const ADMIN = { userId: 'u-1', email: 'ops@paylock.in' };

class FakeOutbox extends OutboxQueries {
  figures(): Promise<OutboxFigures> {
    throw new Error('not used');
  }
  queries: OutboxListQuery[] = [];
  retried: string[] = [];
  constructor(private readonly answer: OutboxRetryResult) {
    super();
  }
  list(query: OutboxListQuery): Promise<OutboxPage> {
    this.queries.push(query);
    return Promise.resolve({ items: [], total: 0, page: query.page, pageSize: query.pageSize });
  }
  retry(messageId: string): Promise<OutboxRetryResult> {
    this.retried.push(messageId);
    return Promise.resolve(this.answer);
  }
}

class RecordingAuditLog extends InMemoryAuditLog {}

class FixedClock extends Clock {
  now(): Date {
    return NOW;
  }
}

function retryWith(answer: OutboxRetryResult) {
  const outbox = new FakeOutbox(answer);
  const auditLog = new RecordingAuditLog();
  return { outbox, auditLog, useCase: new RetryOutboxMessage(outbox, auditLog, new FixedClock()) };
}

describe('ListOutboxMessages', () => {
  it('passes the parsed query to the outbox', async () => {
    const outbox = new FakeOutbox('retried');
    await new ListOutboxMessages(outbox).execute({ status: 'failed', page: 2, pageSize: 10 });
    expect(outbox.queries).toEqual([{ status: 'failed', page: 2, pageSize: 10 }]);
  });
});

describe('RetryOutboxMessage', () => {
  it('queues the message again and records who retried which message, nothing more', async () => {
    const { outbox, auditLog, useCase } = retryWith('retried');
    await useCase.execute(ADMIN, ID);
    expect(outbox.retried).toEqual([ID]);
    expect(auditLog.events).toEqual([
      { at: NOW, actor: ADMIN, action: 'mail.retried', details: { messageId: ID } },
    ]);
  });

  it('answers not found for an unknown id, and for a malformed one without asking the store', async () => {
    const unknown = retryWith('not-found');
    await expect(unknown.useCase.execute(ADMIN, ID)).rejects.toBeInstanceOf(
      MailMessageNotFoundError,
    );
    const malformed = retryWith('retried');
    await expect(malformed.useCase.execute(ADMIN, 'not-an-id')).rejects.toBeInstanceOf(
      MailMessageNotFoundError,
    );
    expect(malformed.outbox.retried).toEqual([]);
    expect([...unknown.auditLog.events, ...malformed.auditLog.events]).toEqual([]);
  });

  it('refuses a message that is not failed, recording nothing', async () => {
    const { auditLog, useCase } = retryWith('not-failed');
    await expect(useCase.execute(ADMIN, ID)).rejects.toBeInstanceOf(MailMessageNotFailedError);
    expect(auditLog.events).toEqual([]);
  });
});
