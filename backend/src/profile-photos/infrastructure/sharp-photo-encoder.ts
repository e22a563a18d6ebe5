import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { PhotoEncoder } from '../application/ports/photo-ports.js';
import { PHOTO_EDGE_PX, type PhotoType } from '../domain/profile-photo.js';

/** Decoding bombs: an upload claiming more pixels than this is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const SHARP_FORMAT: Record<PhotoType, 'png' | 'jpeg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * Re-encodes with sharp (libvips): turned upright by its EXIF orientation, fitted within
 * PHOTO_EDGE_PX, encoded anew in the same format. sharp writes no metadata unless asked, so
 * EXIF (GPS position, camera), ICC, XMP and comments of the upload are all dropped.
 */
@Injectable()
export class SharpPhotoEncoder extends PhotoEncoder {
  async reencode(bytes: Uint8Array, type: PhotoType): Promise<Uint8Array | null> {
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const { format } = await image.metadata();
      if (format !== SHARP_FORMAT[type]) return null;
      const resized = image
        .rotate()
        .resize(PHOTO_EDGE_PX, PHOTO_EDGE_PX, { fit: 'inside', withoutEnlargement: true });
      const encoded =
        type === 'image/png'
          ? resized.png({ compressionLevel: 9 })
          : type === 'image/jpeg'
            ? resized.jpeg({ quality: 85, mozjpeg: true })
            : resized.webp({ quality: 85 });
      return new Uint8Array(await encoded.toBuffer());
    } catch {
      return null;
    }
  }
}
