import type { PhotoType, ProfilePhoto } from '../../domain/profile-photo.js';

/** Decodes an image and encodes it anew: pixels only, no metadata, bounded size. */
export abstract class PhotoEncoder {
  /** The re-encoded image; null when the bytes do not decode as an image of `type`. */
  abstract reencode(bytes: Uint8Array, type: PhotoType): Promise<Uint8Array | null>;
}

/** Each account's photo, one small keyed document per account. */
export abstract class PhotoStore {
  abstract save(photo: ProfilePhoto): Promise<void>;
  abstract find(accountId: string): Promise<ProfilePhoto | null>;
  abstract remove(accountId: string): Promise<void>;
}
