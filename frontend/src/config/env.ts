/**
 * Build-time settings (Vite inlines `VITE_*` variables when it builds):
 * - VITE_PREVIEW_BANNER: 'false' hides the preview-backend banner; unset or any other value shows it.
 * - VITE_SUPPORT_EMAIL: the address "Need help?" and the waitlist's privacy notice name;
 *   default support@paylock.in.
 *
 * Dev server / preview only (read by vite.config.ts, never shipped to the browser):
 * - PAYLOCK_API_ORIGIN: where `/api` is proxied to; default http://127.0.0.1:3000.
 */
const DEFAULT_SUPPORT_EMAIL = 'support@paylock.in';

export const env = {
  previewBanner: import.meta.env.VITE_PREVIEW_BANNER !== 'false',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
} as const;
