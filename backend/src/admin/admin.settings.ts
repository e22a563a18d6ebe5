import { z } from 'zod';
import { normalizeEmailAddress } from '../common/domain/email-address.js';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

export interface AdminConfig {
  /** Lower-cased addresses whose verified Google account gets the `admin` role. */
  readonly emails: readonly string[];
  /** CSV exports one admin may start per minute. */
  readonly exportsPerMinute: number;
  /** ADMIN_GOOGLE_SUBJECTS: admin address → the Google `sub` that alone holds its role. */
  readonly subjects: ReadonlyMap<string, string>;
  /** ADMIN_HOSTED_DOMAIN: the Google Workspace domain (`hd`) every admin account must be in. */
  readonly hostedDomain?: string | undefined;
}

/** Addresses as the one e-mail parser spells them (lower case, ASCII domain), to compare. */
const adminEmails = z.string().transform((value, ctx) => {
  const typed = value
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '');
  const invalid = typed.filter((email) => normalizeEmailAddress(email) === undefined);
  const emails = typed.map((email) => normalizeEmailAddress(email) ?? email);
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of e-mail addresses (invalid: ${invalid.map((email) => `"${email}"`).join(', ')})`,
    });
    return z.NEVER;
  }
  return [...new Set(emails)];
});

/** `address=sub` pairs: an admin address bound up front to one Google account (#28). */
const adminSubjects = z.string().transform((value, ctx) => {
  const pairs = value
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.lastIndexOf('=');
      return [normalizeEmailAddress(pair.slice(0, at)), pair.slice(at + 1).trim()] as const;
    });
  const invalid = pairs.filter(
    ([email, sub]) => email === undefined || !/^[\w.-]{1,255}$/.test(sub),
  );
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a comma-separated list of address=Google subject pairs',
    });
    return z.NEVER;
  }
  return new Map(pairs.map(([email, sub]) => [email ?? '', sub]));
});

const hostedDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name like paylock.in');

/** Who is an admin (read by users/ at sign-in) and what an admin may do (admin/). */
export const ADMIN_SETTINGS = moduleSettings({
  variables: z.object({
    /** Unset: nobody is an admin. */
    ADMIN_EMAILS: adminEmails.optional(),
    ADMIN_EXPORTS_PER_MINUTE: integerBetween(1, 1000).default(5),
    /** Unset: each admin address is bound at its first admin sign-in. */
    ADMIN_GOOGLE_SUBJECTS: adminSubjects.optional(),
    /** Unset: any Google account may hold an admin address's role. */
    ADMIN_HOSTED_DOMAIN: hostedDomain.optional(),
  }),
  settings: (values): AdminConfig => ({
    emails: values.ADMIN_EMAILS ?? [],
    exportsPerMinute: values.ADMIN_EXPORTS_PER_MINUTE,
    subjects: values.ADMIN_GOOGLE_SUBJECTS ?? new Map<string, string>(),
    hostedDomain: values.ADMIN_HOSTED_DOMAIN,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly admin: AdminConfig;
  }
}
