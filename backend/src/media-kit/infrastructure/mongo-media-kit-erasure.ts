import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { Outbox } from '../../mail/mail.contract.js';
import { MediaKitErasure } from '../application/ports/media-kit-erasure.js';
import { packageRequestMailSubject } from '../domain/package-request.js';
import { HandleClaimRecord, MediaKitRecord } from './mongo-media-kit.store.js';
import { PackageRequestAnswerRecord, PackageRequestRecord } from './mongo-package-requests.js';
import { ViewDayRecord, VisitorRecord } from './mongo-page-views.js';

/**
 * The kit first (the page stops at once), then its handle claims, its views and its requests.
 * A request goes last of its own records, so an erasure cut short finds it again.
 */
@Injectable()
export class MongoMediaKitErasure extends MediaKitErasure {
  constructor(
    @InjectModel(MediaKitRecord.name) private readonly kits: Model<MediaKitRecord>,
    @InjectModel(HandleClaimRecord.name) private readonly claims: Model<HandleClaimRecord>,
    @InjectModel(ViewDayRecord.name) private readonly viewDays: Model<ViewDayRecord>,
    @InjectModel(VisitorRecord.name) private readonly visitors: Model<VisitorRecord>,
    @InjectModel(PackageRequestRecord.name)
    private readonly requests: Model<PackageRequestRecord>,
    @InjectModel(PackageRequestAnswerRecord.name)
    private readonly answers: Model<PackageRequestAnswerRecord>,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async eraseOf(creatorId: string): Promise<void> {
    await this.kits.deleteOne({ _id: creatorId }).exec();
    await this.claims.deleteMany({ creatorId }).exec();
    await this.viewDays.deleteMany({ creatorId }).exec();
    await this.visitors.deleteMany({ _id: { $gt: `${creatorId}:`, $lt: `${creatorId};` } }).exec();
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
}
