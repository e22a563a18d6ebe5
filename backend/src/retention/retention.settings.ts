import { z } from 'zod';
import { emailAddress, integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Data rights and retention (#13, docs/privacy.md). */
export interface PrivacyConfig {
  /** Where people send privacy requests and grievances (DPDP Act; shown on the page and in docs). */
  readonly grievanceEmail: string;
  /** Entries are kept this many months after launch, then erased (docs/privacy.md). */
  readonly retentionMonthsAfterLaunch: number;
  /** LAUNCH_DATE: unset before the launch is known, and then nothing is erased for retention. */
  readonly launchDate: Date | undefined;
}

/** A calendar day (`2027-01-15`, midnight UTC) or a full ISO 8601 time with its zone. */
const launchDate = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
      !Number.isNaN(Date.parse(value)) &&
      // No 2027-02-30: the calendar day must exist.
      new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().startsWith(value.slice(0, 10)),
    'must be a date like 2027-01-15 (UTC) or an ISO 8601 time with its zone, like 2027-01-15T09:00:00+05:30',
  )
  .transform((value) => new Date(value));

/** The privacy settings: read by retention (erasure after launch) and the waitlist's pages. */
export const PRIVACY_SETTINGS = moduleSettings({
  variables: z.object({
    GRIEVANCE_EMAIL: emailAddress.default('privacy@paylock.in'),
    WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH: integerBetween(1, 120).default(12),
    /** Unset: not launched yet, nothing is erased for retention. */
    LAUNCH_DATE: launchDate.optional(),
  }),
  settings: (values): PrivacyConfig => ({
    grievanceEmail: values.GRIEVANCE_EMAIL,
    retentionMonthsAfterLaunch: values.WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH,
    launchDate: values.LAUNCH_DATE,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly privacy: PrivacyConfig;
  }
}
