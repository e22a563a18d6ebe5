/**
 * Build-time settings (Vite inlines `VITE_*` variables when it builds):
 * - VITE_PREVIEW_BANNER: 'false' hides the preview-backend banner; unset or any other value shows it.
 * - VITE_SUPPORT_EMAIL: the address "Need help?" and the waitlist's privacy notice name;
 *   default support@paylock.in.
 * - VITE_GRIEVANCE_OFFICER, VITE_GRIEVANCE_EMAIL, VITE_GRIEVANCE_ADDRESS: the grievance officer
 *   the Help & support page names (IT Rules 2021 / DPDP Rules); docs/operations.md.
 *
 * Dev server / preview only (read by vite.config.ts, never shipped to the browser):
 * - PAYLOCK_API_ORIGIN: where `/api` is proxied to; default http://127.0.0.1:3000.
 */
const DEFAULT_SUPPORT_EMAIL = 'support@paylock.in';
const DEFAULT_GRIEVANCE = {
  officer: 'Grievance Officer, Paylock',
  // The backend's GRIEVANCE_EMAIL default: the same mailbox on both sides.
  email: 'privacy@paylock.in',
};

export const env = {
  previewBanner: import.meta.env.VITE_PREVIEW_BANNER !== 'false',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
  grievance: {
    officer: import.meta.env.VITE_GRIEVANCE_OFFICER?.trim() || DEFAULT_GRIEVANCE.officer,
    email: import.meta.env.VITE_GRIEVANCE_EMAIL?.trim() || DEFAULT_GRIEVANCE.email,
    // No made-up default: unset, the page shows no postal address rather than a wrong one.
    address: import.meta.env.VITE_GRIEVANCE_ADDRESS?.trim() || null,
  },
} as const;
