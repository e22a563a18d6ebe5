/** The media kit form's choices and small helpers, shared by the form and its parts. */
import type { PlatformRequestDto, RatePackageRequestDto } from '@/api/generated/types.gen';

export type Platform = PlatformRequestDto['platform'];
export const PLATFORMS: readonly { value: Platform; label: string }[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'other', label: 'Other' },
];
export const KINDS: readonly { value: RatePackageRequestDto['kind']; label: string }[] = [
  { value: 'reel', label: 'Reel' },
  { value: 'post', label: 'Post' },
  { value: 'story', label: 'Story' },
  { value: 'video', label: 'Video' },
  { value: 'other', label: 'Other' },
];

export const wholeNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

export const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}
