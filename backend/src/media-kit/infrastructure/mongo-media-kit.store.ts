import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { isDuplicateKeysOnly } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { type HandleClaimOutcome, MediaKitStore } from '../application/ports/media-kit.store.js';
import { type HandleClaim, mayTake } from '../domain/handle.js';
import type { MediaKit } from '../domain/media-kit.js';

export const MEDIA_KITS_COLLECTION = 'media_kits';
export const MEDIA_KIT_HANDLES_COLLECTION = 'media_kit_handles';

/** One kit as stored: `_id` is the creator's id (one kit each, keyed reads). */
type MediaKitDocument = Omit<MediaKit, 'creatorId'> & { _id: string };

/** One handle claim: `_id` is the skeleton, so look-alikes collide on the primary key. */
interface HandleClaimDocument {
  _id: string;
  handle: string;
  creatorId: string;
  redirectUntil?: Date;
}

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
  private readonly kits: Collection<MediaKitDocument>;
  private readonly claims: Collection<HandleClaimDocument>;

  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
    this.kits = connection.collection<MediaKitDocument>(MEDIA_KITS_COLLECTION);
    this.claims = connection.collection<HandleClaimDocument>(MEDIA_KIT_HANDLES_COLLECTION);
  }

  private readonly collections = new IndexesBeforeFirstWrite(() =>
    createCollectionsAndIndexes(
      this.connection,
      [MEDIA_KITS_COLLECTION, MEDIA_KIT_HANDLES_COLLECTION],
      this.claims,
      [],
    ),
  );

  nextPackageId(): string {
    return randomUUID();
  }

  async findByCreator(creatorId: string): Promise<MediaKit | undefined> {
    const document = await this.kits.findOne({ _id: creatorId });
    return document ? toKit(document) : undefined;
  }

  async save(kit: MediaKit): Promise<void> {
    await this.collections.ensure();
    const { creatorId, ...rest } = kit;
    await this.kits.replaceOne({ _id: creatorId }, { ...rest }, { upsert: true });
  }

  async findClaim(skeleton: string): Promise<HandleClaim | undefined> {
    const document = await this.claims.findOne({ _id: skeleton });
    return document ? toClaim(document) : undefined;
  }

  async claimHandle(claim: HandleClaim, now: Date): Promise<HandleClaimOutcome> {
    await this.collections.ensure();
    const wanted = { handle: claim.handle, creatorId: claim.creatorId };
    try {
      await this.claims.insertOne({ _id: claim.skeleton, ...wanted });
      return 'claimed';
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
    }
    const held = await this.claims.findOne({ _id: claim.skeleton });
    if (!held || !mayTake(toClaim(held), claim.creatorId, now)) return 'taken';
    const { modifiedCount, matchedCount } = await this.claims.replaceOne(
      {
        _id: claim.skeleton,
        creatorId: held.creatorId,
        handle: held.handle,
        redirectUntil: held.redirectUntil ?? { $exists: false },
      },
      wanted,
    );
    return matchedCount === 1 || modifiedCount === 1 ? 'claimed' : 'taken';
  }

  async releaseHandle(skeleton: string, creatorId: string, until: Date): Promise<void> {
    await this.claims.updateOne({ _id: skeleton, creatorId }, { $set: { redirectUntil: until } });
  }
}
