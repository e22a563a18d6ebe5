import type { Connection } from 'mongoose';
import type { Clock } from '../../src/common/application/clock.js';
import { MongoOutboxStore } from '../../src/mail/infrastructure/persistence/mongo/mongo-outbox.store.js';
import {
  OutboxClaimRecord,
  OutboxClaimSchema,
  OutboxRecord,
  OutboxSchema,
} from '../../src/mail/infrastructure/persistence/mongo/outbox.documents.js';
import { modelOn } from './model-on.js';

/** The outbox store of one API instance on `connection`, as MailModule wires it. */
export function outboxStoreOn(connection: Connection, clock: Clock): MongoOutboxStore {
  return new MongoOutboxStore(
    modelOn(connection, OutboxRecord.name, OutboxSchema),
    modelOn(connection, OutboxClaimRecord.name, OutboxClaimSchema),
    clock,
  );
}
