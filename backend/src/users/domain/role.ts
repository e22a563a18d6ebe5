/**
 * What an account may do: every Google account is a creator, some are also admins of the
 * back-office; an account made with a mobile number (issue #25) is a brand, and only a brand.
 */
export const ROLES = ['creator', 'admin', 'brand'] as const;

export type Role = (typeof ROLES)[number];

/**
 * The roles of an account with this (provider-verified) e-mail address: `admin` when the address
 * is on the admin list, compared case-insensitively. Derived anew on each use, never stored, so
 * taking an address off the list ends its admin rights at the next request.
 */
export function rolesOf(email: string, isAdminEmail: (email: string) => boolean): Role[] {
  return isAdminEmail(email.trim().toLowerCase()) ? ['creator', 'admin'] : ['creator'];
}
