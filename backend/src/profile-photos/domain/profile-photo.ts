import { describedError } from '../../common/domain/domain.error.js';

/** An upload may be this large at most (2 MB). */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
/** The served photo's edge: uploads are re-encoded to at most this square. */
export const PHOTO_EDGE_PX = 512;

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** A re-encoded photo as it is stored and served. */
export interface ProfilePhoto {
  readonly accountId: string;
  readonly contentType: PhotoType;
  readonly bytes: Uint8Array;
  /** Names this version: part of its address, so a new photo is a new address. */
  readonly version: string;
  readonly updatedAt: Date;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]; // "IEND" and its CRC

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type the bytes are (by their magic numbers), whatever the upload claimed; or null. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Whether the file ends where its format says the image ends (nothing appended after it). */
export function endsWithTheImage(bytes: Uint8Array, type: PhotoType): boolean {
  const length = bytes.length;
  switch (type) {
    case 'image/png':
      return startsWith(bytes, PNG_END, length - PNG_END.length);
    case 'image/jpeg':
      return bytes[length - 2] === 0xff && bytes[length - 1] === 0xd9;
    case 'image/webp': {
      const riffSize = new DataView(bytes.buffer, bytes.byteOffset + 4, 4).getUint32(0, true);
      return riffSize + 8 === length;
    }
  }
}

/** Markup and other formats' signatures a polyglot hides in an image (scripts, pages, archives). */
const FOREIGN_MARKUP =
  /<\s*(script|html|svg|iframe|object|embed|body|!doctype|\?php)|javascript:|%PDF-/i;
const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the bytes also read as something else than an image (a polyglot). */
export function carriesForeignContent(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes);
  return FOREIGN_MARKUP.test(buffer.toString('latin1')) || buffer.includes(ZIP_ENTRY);
}

export class PhotoTooLargeError extends describedError(
  'PHOTO_TOO_LARGE',
  'The photo must be 2 MB or smaller.',
) {}

export class PhotoTypeNotAllowedError extends describedError(
  'PHOTO_TYPE_NOT_ALLOWED',
  'The photo must be a PNG, JPEG or WebP image.',
) {}

/** The bytes start like an image but are not one, or carry something else too (a polyglot). */
export class PhotoNotAcceptedError extends describedError(
  'PHOTO_NOT_ACCEPTED',
  'This file is not a plain image. Please export it again as PNG, JPEG or WebP and retry.',
) {}

export class PhotoNotFoundError extends describedError(
  'PHOTO_NOT_FOUND',
  'There is no such photo.',
) {}
