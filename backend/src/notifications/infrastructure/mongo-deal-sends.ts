import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, mongo } from 'mongoose';
import { databaseOf } from '../../database/declared-model.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { partitionedCollections, partitionOf } from '../../database/keyed-pages.js';
import { DealSends } from '../application/ports/notification-ports.js';
import type { NoticeSend, SendStatus } from '../domain/notice-sends.js';

export const SENDS = 'notification_sends';
/** The sends are spread over this many collections by deal (`notification_sends_<n>`). */
export const SEND_PARTITIONS = 32;

type SendDocument = Omit<NoticeSend, 'id'> & { _id: string };

/**
 * The deals' sends, one document per send (`_id` the delivery's id), in the deal's partition:
 * a deal's timeline is one read of its partition by `dealId` (MongoDB: its index, O(deal);
 * FerretDB, which scans what it reads: a thirty-second of all sends), never a read of the outboxes.
 * One document per send, so two instances recording or reporting at once never overwrite each
 * other (FerretDB 1.x updates are not atomic read-modify-writes). The partitions are named at run
 * time (`notification_sends_<n>`), so they have no schema: the database kit opens them, typed.
 */
@Injectable()
export class MongoDealSends extends DealSends {
  private readonly database: () => mongo.Db;
  private partitions: mongo.Collection<SendDocument>[] | undefined;
  private readonly indexes = new Map<number, IndexesBeforeFirstWrite>();

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.database = databaseOf(connection);
  }

  async record(send: NoticeSend): Promise<void> {
    const { id, ...fields } = send;
    const sends = await this.partitionOf(send.dealId);
    await insertedFirst(() => sends.insertOne({ _id: id, ...fields }));
  }

  async report(dealId: string, id: string, status: SendStatus, at: Date): Promise<void> {
    const sends = await this.partitionOf(dealId);
    await sends.updateOne({ _id: id }, { $set: { status, statusAt: at } });
  }

  async ofDeal(dealId: string): Promise<NoticeSend[]> {
    const sends = await this.partitionOf(dealId);
    const found = await sends.find({ dealId }).toArray();
    return found
      .map(({ _id, ...fields }) => ({ id: _id, ...fields }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  }

  private async partitionOf(dealId: string): Promise<mongo.Collection<SendDocument>> {
    const n = partitionOf(dealId, SEND_PARTITIONS);
    this.partitions ??= partitionedCollections<SendDocument>(
      this.database(),
      SENDS,
      SEND_PARTITIONS,
    );
    const collection = this.partitions[n];
    if (!collection) throw new Error(`No partition ${String(n)} of ${SENDS}`);
    let indexes = this.indexes.get(n);
    if (!indexes) {
      indexes = new IndexesBeforeFirstWrite(() =>
        collection.createIndexes([{ key: { dealId: 1 }, name: 'deal' }]),
      );
      this.indexes.set(n, indexes);
    }
    await indexes.ensure();
    return collection;
  }
}
