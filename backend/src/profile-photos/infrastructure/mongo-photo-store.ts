import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { PhotoStore } from '../application/ports/photo-ports.js';
import type { PhotoType, ProfilePhoto } from '../domain/profile-photo.js';

export const PROFILE_PHOTOS_COLLECTION = 'profile_photos';

/** An account's profile photo, re-encoded. */
@Schema({
  collection: PROFILE_PHOTOS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class PhotoRecord {
  /** The account's id: one small document per account (a re-encoded photo is tens of kB). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  contentType!: PhotoType;

  @Prop({ type: Buffer, required: true })
  bytes!: Buffer;

  @Prop({ type: String, required: true })
  version!: string;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}

export const PhotoSchema = SchemaFactory.createForClass(PhotoRecord);

/** A photo as lean() reads it: the bytes as the driver's binary value. */
type StoredPhoto = Omit<PhotoRecord, 'bytes'> & { bytes: mongo.Binary };

/** Photos in the database, keyed by account: no file system, every instance serves them. */
@Injectable()
export class MongoPhotoStore extends PhotoStore {
  constructor(@InjectModel(PhotoRecord.name) private readonly photos: Model<PhotoRecord>) {
    super();
  }

  async save(photo: ProfilePhoto): Promise<void> {
    await this.photos
      .replaceOne(
        { _id: photo.accountId },
        {
          contentType: photo.contentType,
          bytes: Buffer.from(photo.bytes),
          version: photo.version,
          updatedAt: photo.updatedAt,
        },
        { upsert: true },
      )
      .exec();
  }

  async find(accountId: string): Promise<ProfilePhoto | null> {
    const document = await this.photos.findById(accountId).lean<StoredPhoto>().exec();
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
    await this.photos.deleteOne({ _id: accountId }).exec();
  }
}
