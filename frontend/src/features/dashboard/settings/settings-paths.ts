import { paths } from '@/config/paths';
import type { AuthUser } from '@/lib/auth/auth-context';

/** The settings page's sections, in the page's order; each is an anchor of the page. */
export const SETTINGS_SECTIONS = ['profile', 'security', 'data', 'help'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const BRAND_SETTINGS_PATH = `${paths.brand}/settings`;

const isBrand = (user: AuthUser) => user.roles.includes('brand');

export const CREATOR_HELP_PATH = paths.creatorHelp;
export const BRAND_HELP_PATH = `${paths.brand}/help`;

/** The help page (every deal and milestone state explained, the grievance officer). */
export function helpPathFor(user: AuthUser): string {
  return isBrand(user) ? BRAND_HELP_PATH : CREATOR_HELP_PATH;
}

/** The account's settings page (a brand's in its workspace), opened at one section. */
export function settingsPathFor(user: AuthUser, section: SettingsSection): string {
  return `${isBrand(user) ? BRAND_SETTINGS_PATH : paths.creatorSettings}#${section}`;
}
