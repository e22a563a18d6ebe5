import type { AccountSessionDto } from '@/api/generated/types.gen';

/** "Chrome 131 on Android 14", or what is known of it. */
export function deviceName({ browser, os }: Pick<AccountSessionDto, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown browser';
}
