import { carriesForeignContent, endsWithTheImage, sniffPhotoType } from './profile-photo.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));

describe('profile photo checks', () => {
  it('knows PNG, JPEG and WebP by their magic bytes, and nothing else', () => {
    expect(sniffPhotoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    );
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffPhotoType(text('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhotoType(text('GIF89a'))).toBeNull();
    expect(sniffPhotoType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhotoType(text('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
  });

  it('finds data after the image’s end', () => {
    expect(endsWithTheImage(bytes(0xff, 0xd8, 0xff, 0xd9), 'image/jpeg')).toBe(true);
    expect(endsWithTheImage(bytes(0xff, 0xd8, 0xff, 0xd9, 0x3c), 'image/jpeg')).toBe(false);
    expect(endsWithTheImage(text('RIFF\x04\x00\x00\x00WEBP'), 'image/webp')).toBe(true);
    expect(endsWithTheImage(text('RIFF\x04\x00\x00\x00WEBP<html>'), 'image/webp')).toBe(false);
  });

  it('finds markup and archives hidden in the bytes', () => {
    expect(carriesForeignContent(text('\xff\xd8<ScRiPt>alert(1)'))).toBe(true);
    expect(carriesForeignContent(text('\xff\xd8 <!DOCTYPE html>'))).toBe(true);
    expect(carriesForeignContent(text('\xff\xd8PK\x03\x04zip'))).toBe(true);
    expect(carriesForeignContent(bytes(0xff, 0xd8, 0x3c, 0x20, 0x3e))).toBe(false);
  });
});
