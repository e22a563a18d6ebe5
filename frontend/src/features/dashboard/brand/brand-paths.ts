import { paths } from '@/config/paths';

/** The brand workspace's pages, below paths.brand (kept here: the app's router needs only /brand/*). */
export const brandPaths = {
  deals: `${paths.brand}/deals`,
  profile: `${paths.brand}/profile`,
  /** The brand's notifications and their settings (features/notifications, via the app). */
  notifications: `${paths.brand}/notifications`,
  /** What the brand owes and when (#40). */
  owed: `${paths.brand}/owed`,
  /** The invoices creators issued to the brand (#40). */
  invoices: `${paths.brand}/invoices`,
  /** The statement for the brand's own books (#40). */
  statement: `${paths.brand}/statement`,
  /** The account's settings: sessions, data, help (features/account). */
  settings: `${paths.brand}/settings`,
  /** Help & support: deal and milestone states explained, the grievance officer (features/account). */
  help: `${paths.brand}/help`,
  /** The one-time step after a brand's first sign-in: company name and contact name. */
  welcome: `${paths.brand}/welcome`,
} as const;
