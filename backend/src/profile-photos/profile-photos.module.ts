import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { PhotoEncoder, PhotoStore } from './application/ports/photo-ports.js';
import {
  AccountPhotoUrls,
  PhotoSettings,
  RemoveProfilePhoto,
  ServeProfilePhoto,
  UploadProfilePhoto,
} from './application/profile-photos.use-case.js';
import { MongoPhotoStore, PhotoRecord, PhotoSchema } from './infrastructure/mongo-photo-store.js';
import { SharpPhotoEncoder } from './infrastructure/sharp-photo-encoder.js';
import {
  AccountPhotoController,
  ProfilePhotoController,
} from './presentation/profile-photo.controller.js';

/** Profile photos (#41): uploaded, checked, re-encoded with sharp, stored keyed in the database. */
@Module({
  imports: [
    AuthModule,
    MongooseModule.forFeature([{ name: PhotoRecord.name, schema: PhotoSchema }]),
  ],
  controllers: [AccountPhotoController, ProfilePhotoController],
  providers: [
    { provide: PhotoEncoder, useClass: SharpPhotoEncoder },
    { provide: PhotoStore, useClass: MongoPhotoStore },
    fromConfig(PhotoSettings, ({ auth }) => new PhotoSettings(auth.publicUrl)),
    UploadProfilePhoto,
    RemoveProfilePhoto,
    ServeProfilePhoto,
    AccountPhotoUrls,
  ],
  // The media kit shows the creator's photo; an account's erasure removes it.
  exports: [AccountPhotoUrls, RemoveProfilePhoto],
})
export class ProfilePhotosModule {}
