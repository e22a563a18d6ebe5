import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Collection, type Connection } from 'mongoose';
import { PhotoStore } from '../application/ports/photo-ports.js';
import type { PhotoType, ProfilePhoto } from '../domain/profile-photo.js';

export const PROFILE_PHOTOS_COLLECTION = 'profile_photos';

interface PhotoDocument {
  /** The account's id: one small document per account (a re-encoded photo is tens of kB). */
  _id: string;
  contentType: PhotoType;
  bytes: mongoose.mongo.Binary;
  version: string;
  updatedAt: Date;
}

/** Photos in the database, keyed by account: no file system, every instance serves them. */
@Injectable()
export class MongoPhotoStore extends PhotoStore {
  private readonly photos: Collection<PhotoDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.photos = connection.collection<PhotoDocument>(PROFILE_PHOTOS_COLLECTION);
  }

  async save(photo: ProfilePhoto): Promise<void> {
    await this.photos.replaceOne(
      { _id: photo.accountId },
      {
        contentType: photo.contentType,
        bytes: new mongoose.mongo.Binary(photo.bytes),
        version: photo.version,
        updatedAt: photo.updatedAt,
      },
      { upsert: true },
    );
  }

  async find(accountId: string): Promise<ProfilePhoto | null> {
    const document = await this.photos.findOne({ _id: accountId });
    if (!document) return null;
    return {
      accountId,
      contentType: document.contentType,
      bytes: new Uint8Array(document.bytes.buffer),
      version: document.version,
      updatedAt: document.updatedAt,
    };
  }

  async remove(accountId: string): Promise<void> {
    await this.photos.deleteOne({ _id: accountId });
  }
}
