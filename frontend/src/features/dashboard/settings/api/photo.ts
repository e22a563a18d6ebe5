import { useEffect, useSyncExternalStore } from 'react';
import { getAccountPhoto, removeAccountPhoto, setAccountPhoto } from '@/api/generated/sdk.gen';
import { messageOf } from '@/lib/api-error';

/**
 * The account's uploaded photo, shared by the top bar's account card and Settings → Profile.
 * Outside TanStack Query: the account card renders where no query client is.
 * undefined: not asked yet; null: none.
 */
let photoUrl: string | null | undefined;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: string | null): void {
  photoUrl = next;
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loading ??= getAccountPhoto().then(({ data }) => {
    publish(data?.photoUrl ?? null);
  });
  return loading;
}

const store = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => photoUrl,
  getServer: () => undefined,
};

/** The uploaded photo's address (asked once per page load); null when there is none. */
export function useAccountPhotoUrl(): string | null | undefined {
  const url = useSyncExternalStore(store.subscribe, store.get, store.getServer);
  useEffect(() => {
    void load();
  }, []);
  return url;
}

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
type PhotoType = (typeof PHOTO_TYPES)[number];

const isPhotoType = (type: string): type is PhotoType =>
  PHOTO_TYPES.some((accepted) => accepted === type);

/** Uploads a photo; resolves to the refusal's message, or null once it is saved. */
export async function uploadAccountPhoto(file: File): Promise<string | null> {
  if (!isPhotoType(file.type)) return 'The photo must be a PNG, JPEG or WebP image.';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be 2 MB or smaller.';
  const { data, error } = await setAccountPhoto({
    body: file,
    headers: { 'Content-Type': file.type },
  });
  if (!data) return messageOf(error, 'The photo could not be saved. Please try again.');
  publish(data.photoUrl);
  return null;
}

export async function removeAccountPhotoNow(): Promise<boolean> {
  const { response } = await removeAccountPhoto();
  if (response?.ok) publish(null);
  return response?.ok ?? false;
}

/** Forgets what this page learned (tests share the module across their cases). */
export function resetAccountPhotoForTests(): void {
  photoUrl = undefined;
  loading = null;
}
