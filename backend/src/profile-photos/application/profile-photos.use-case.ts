import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  carriesForeignContent,
  endsWithTheImage,
  MAX_PHOTO_BYTES,
  PhotoNotAcceptedError,
  PhotoNotFoundError,
  PhotoTooLargeError,
  PhotoTypeNotAllowedError,
  type ProfilePhoto,
  sniffPhotoType,
} from '../domain/profile-photo.js';
import { PhotoEncoder, PhotoStore } from './ports/photo-ports.js';

/** Where the photos are served: the app's public address. */
export class PhotoSettings {
  constructor(readonly publicUrl: string) {}
}

/** The address a photo version is served at (public: the version is unguessable). */
export function photoPathOf(photo: Pick<ProfilePhoto, 'accountId' | 'version'>): string {
  return `/api/v1/profile-photos/${encodeURIComponent(photo.accountId)}/${photo.version}`;
}

/**
 * A creator or a brand sets their photo (#41). The file is checked by what it is, not what it
 * claims: its magic bytes (PNG, JPEG, WebP; SVG never), nothing after the image's end and no
 * markup or other format inside (a polyglot); then decoded and encoded anew, so what is stored
 * and served is pixels only, without the upload's metadata.
 */
@Injectable()
export class UploadProfilePhoto {
  constructor(
    private readonly encoder: PhotoEncoder,
    private readonly photos: PhotoStore,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string, upload: Uint8Array): Promise<ProfilePhoto> {
    if (upload.length > MAX_PHOTO_BYTES) throw new PhotoTooLargeError();
    const type = sniffPhotoType(upload);
    if (!type) throw new PhotoTypeNotAllowedError();
    if (!endsWithTheImage(upload, type) || carriesForeignContent(upload)) {
      throw new PhotoNotAcceptedError();
    }
    const bytes = await this.encoder.reencode(upload, type);
    if (!bytes) throw new PhotoNotAcceptedError();
    const photo: ProfilePhoto = {
      accountId,
      contentType: type,
      bytes,
      version: createHash('sha256').update(bytes).digest('base64url').slice(0, 22),
      updatedAt: this.clock.now(),
    };
    await this.photos.save(photo);
    return photo;
  }
}

@Injectable()
export class RemoveProfilePhoto {
  constructor(private readonly photos: PhotoStore) {}

  execute(accountId: string): Promise<void> {
    return this.photos.remove(accountId);
  }
}

/** The photo at an address: the account's current one, if the address names its version. */
@Injectable()
export class ServeProfilePhoto {
  constructor(private readonly photos: PhotoStore) {}

  async execute(accountId: string, version: string): Promise<ProfilePhoto> {
    const photo = await this.photos.find(accountId);
    if (!photo || photo.version !== version) throw new PhotoNotFoundError();
    return photo;
  }
}

/** The account's photo address (absolute), or null: for the app's account card and the media kit. */
@Injectable()
export class AccountPhotoUrls {
  constructor(
    private readonly photos: PhotoStore,
    private readonly settings: PhotoSettings,
  ) {}

  async urlOf(accountId: string): Promise<string | null> {
    const photo = await this.photos.find(accountId);
    return photo ? `${this.settings.publicUrl}${photoPathOf(photo)}` : null;
  }
}
