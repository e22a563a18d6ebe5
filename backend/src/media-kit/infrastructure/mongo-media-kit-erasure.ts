import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model, QueryFilter } from 'mongoose';
import { Outbox } from '../../mail/mail.contract.js';
import { MediaKitErasure } from '../application/ports/media-kit-erasure.js';
import { packageRequestMailSubject } from '../domain/package-request.js';
import { MEDIA_KIT_HANDLES_COLLECTION, MEDIA_KITS_COLLECTION } from './mongo-media-kit.store.js';
import { PackageRequestAnswerRecord, PackageRequestRecord } from './mongo-package-requests.js';
import {
  MEDIA_KIT_VIEW_DAYS_COLLECTION,
  MEDIA_KIT_VISITORS_COLLECTION,
} from './mongo-page-views.js';

/**
 * The kit first (the page stops at once), then its handle claims, its views and its requests.
 * A request goes last of its own records, so an erasure cut short finds it again.
 */
@Injectable()
export class MongoMediaKitErasure extends MediaKitErasure {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(PackageRequestRecord.name)
    private readonly requests: Model<PackageRequestRecord>,
    @InjectModel(PackageRequestAnswerRecord.name)
    private readonly answers: Model<PackageRequestAnswerRecord>,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async eraseOf(creatorId: string): Promise<void> {
    await this.keyed(MEDIA_KITS_COLLECTION).deleteOne({ _id: creatorId });
    await this.connection.collection(MEDIA_KIT_HANDLES_COLLECTION).deleteMany({ creatorId });
    await this.connection.collection(MEDIA_KIT_VIEW_DAYS_COLLECTION).deleteMany({ creatorId });
    await this.keyed(MEDIA_KIT_VISITORS_COLLECTION).deleteMany({
      _id: { $gt: `${creatorId}:`, $lt: `${creatorId};` },
    });
    await this.eraseRequests({ _id: { $gt: `${creatorId}:`, $lt: `${creatorId};` } });
  }

  async eraseRequestsOfBrand(brandAccountId: string): Promise<void> {
    await this.eraseRequests({ brandAccountId });
  }

  private async eraseRequests(filter: QueryFilter<PackageRequestRecord>): Promise<void> {
    const found = await this.requests.find(filter, { id: 1 }).lean<{ id: string }[]>().exec();
    const ids = found.map(({ id }) => id);
    if (ids.length === 0) return;
    for (const id of ids) await this.outbox.forgetAbout(packageRequestMailSubject(id));
    await this.answers.deleteMany({ _id: { $in: ids } }).exec();
    await this.requests.deleteMany({ id: { $in: ids } }).exec();
  }

  private keyed(name: string) {
    return this.connection.collection<{ _id: string }>(name);
  }
}
