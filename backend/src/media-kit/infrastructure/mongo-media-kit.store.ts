import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeysOnly } from '../../database/duplicate-key.js';
import type { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { schemaIndexesBeforeFirstWrite } from '../../database/schema-indexes.js';
import { type HandleClaimOutcome, MediaKitStore } from '../application/ports/media-kit.store.js';
import { type Handle, type HandleClaim, mayTake } from '../domain/handle.js';
import type { MediaKit, PlatformPresence } from '../domain/media-kit.js';
import type { RatePackage } from '../domain/rate-package.js';

export const MEDIA_KITS_COLLECTION = 'media_kits';
export const MEDIA_KIT_HANDLES_COLLECTION = 'media_kit_handles';

const OPTIONS = { versionKey: false, autoIndex: false, autoCreate: false } as const;

/** One kit: `_id` is the creator's id (one kit each, keyed reads). */
@Schema({ ...OPTIONS, collection: MEDIA_KITS_COLLECTION })
export class MediaKitRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) bio!: string;
  @Prop({ type: [String], required: true }) niches!: string[];
  @Prop({ type: [String], required: true }) languages!: string[];
  @Prop({ type: String, required: true }) city!: string;
  @Prop({ type: [String], required: true }) portfolioLinks!: string[];
  @Prop({ type: [Object], required: true }) platforms!: PlatformPresence[];
  @Prop({ type: [Object], required: true }) packages!: RatePackage[];
  @Prop({ type: Boolean, required: true }) allowIndexing!: boolean;
  @Prop({ type: Boolean, required: true }) showTrackRecord!: boolean;
  @Prop({ type: Object }) handle?: Handle;
  @Prop({ type: Boolean, required: true }) published!: boolean;
  @Prop({ type: Date, required: true }) updatedAt!: Date;
}
export const MediaKitSchema = SchemaFactory.createForClass(MediaKitRecord);

/** One handle claim: `_id` is the skeleton, so look-alikes collide on the primary key. */
@Schema({ ...OPTIONS, collection: MEDIA_KIT_HANDLES_COLLECTION })
export class HandleClaimRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) handle!: string;
  @Prop({ type: String, required: true }) creatorId!: string;
  @Prop({ type: Date }) redirectUntil?: Date;
}
export const HandleClaimSchema = SchemaFactory.createForClass(HandleClaimRecord);

type MediaKitDocument = MediaKitRecord;
type HandleClaimDocument = HandleClaimRecord;

function toKit({ _id, ...rest }: MediaKitDocument): MediaKit {
  return { ...rest, creatorId: _id };
}

function toClaim(document: HandleClaimDocument): HandleClaim {
  return {
    skeleton: document._id,
    handle: document.handle,
    creatorId: document.creatorId,
    ...(document.redirectUntil && { redirectUntil: document.redirectUntil }),
  };
}

/**
 * Kits and handle claims in MongoDB. No transactions: a handle is won by inserting its skeleton
 * as `_id`; a released one is retaken by a replace conditioned on the claim read, so of two
 * racing creators one matches and the other is told it is taken.
 */
@Injectable()
export class MongoMediaKitStore extends MediaKitStore {
  private readonly kitCollection: IndexesBeforeFirstWrite;
  private readonly claimCollection: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(MediaKitRecord.name) private readonly kits: Model<MediaKitRecord>,
    @InjectModel(HandleClaimRecord.name) private readonly claims: Model<HandleClaimRecord>,
  ) {
    super();
    this.kitCollection = schemaIndexesBeforeFirstWrite(kits);
    this.claimCollection = schemaIndexesBeforeFirstWrite(claims);
  }

  nextPackageId(): string {
    return randomUUID();
  }

  async findByCreator(creatorId: string): Promise<MediaKit | undefined> {
    const document = await this.kits.findById(creatorId).lean<MediaKitDocument>().exec();
    return document ? toKit(document) : undefined;
  }

  async save(kit: MediaKit): Promise<void> {
    await this.kitCollection.ensure();
    const { creatorId, ...rest } = kit;
    await this.kits.replaceOne({ _id: creatorId }, { ...rest }, { upsert: true }).exec();
  }

  async findClaim(skeleton: string): Promise<HandleClaim | undefined> {
    const document = await this.claims.findById(skeleton).lean<HandleClaimDocument>().exec();
    return document ? toClaim(document) : undefined;
  }

  async claimHandle(claim: HandleClaim, now: Date): Promise<HandleClaimOutcome> {
    await this.claimCollection.ensure();
    const wanted = { handle: claim.handle, creatorId: claim.creatorId };
    try {
      await this.claims.create({ _id: claim.skeleton, ...wanted });
      return 'claimed';
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
    }
    const held = await this.claims.findById(claim.skeleton).lean<HandleClaimDocument>().exec();
    if (!held || !mayTake(toClaim(held), claim.creatorId, now)) return 'taken';
    const { modifiedCount, matchedCount } = await this.claims
      .replaceOne(
        {
          _id: claim.skeleton,
          creatorId: held.creatorId,
          handle: held.handle,
          redirectUntil: held.redirectUntil ?? { $exists: false },
        },
        wanted,
      )
      .exec();
    return matchedCount === 1 || modifiedCount === 1 ? 'claimed' : 'taken';
  }

  async releaseHandle(skeleton: string, creatorId: string, until: Date): Promise<void> {
    await this.claims
      .updateOne({ _id: skeleton, creatorId }, { $set: { redirectUntil: until } })
      .exec();
  }
}
