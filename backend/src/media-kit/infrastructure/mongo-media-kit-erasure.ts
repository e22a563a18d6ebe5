import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { MediaKitErasure } from '../application/ports/media-kit-erasure.js';
import { MEDIA_KIT_HANDLES_COLLECTION, MEDIA_KITS_COLLECTION } from './mongo-media-kit.store.js';
import {
  MEDIA_KIT_VIEW_DAYS_COLLECTION,
  MEDIA_KIT_VISITORS_COLLECTION,
} from './mongo-page-views.js';

/** The kit first (the page stops at once), then its handle claims, then its views. */
@Injectable()
export class MongoMediaKitErasure extends MediaKitErasure {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  async eraseOf(creatorId: string): Promise<void> {
    await this.keyed(MEDIA_KITS_COLLECTION).deleteOne({ _id: creatorId });
    await this.connection.collection(MEDIA_KIT_HANDLES_COLLECTION).deleteMany({ creatorId });
    await this.connection.collection(MEDIA_KIT_VIEW_DAYS_COLLECTION).deleteMany({ creatorId });
    await this.keyed(MEDIA_KIT_VISITORS_COLLECTION).deleteMany({
      _id: { $gt: `${creatorId}:`, $lt: `${creatorId};` },
    });
  }

  private keyed(name: string) {
    return this.connection.collection<{ _id: string }>(name);
  }
}
