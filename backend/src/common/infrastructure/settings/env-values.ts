import { z } from 'zod';
import { normalizeEmailAddress } from '../../domain/email-address.js';

/** Parsers of environment values that several modules' settings use (each names what it expects). */

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

export const integerBetween = (min: number, max: number) => {
  const message = `must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
export const booleanish = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => [...TRUE_WORDS, ...FALSE_WORDS].includes(value), 'must be true or false')
  .transform((value) => TRUE_WORDS.includes(value));

export const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  });

/** A plain address, checked by the one e-mail parser (common/domain/email-address.ts). */
export const emailAddress = z
  .string()
  .trim()
  .refine((value) => normalizeEmailAddress(value) !== undefined, 'must be an e-mail address');

/** A relay or provider on this machine (a sidecar MTA, MailDev, a local SMS inbox). */
export function isLoopbackUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(value).hostname);
}

/**
 * https, or http://localhost: browsers treat localhost as a secure context and keep Secure and
 * `__Host-` cookies for it, so a production build can be tried on the machine it runs on.
 */
export function isSecureOrigin(value: string): boolean {
  const { protocol, hostname } = new URL(value);
  return protocol === 'https:' || (protocol === 'http:' && hostname === 'localhost');
}

/** `NAME is required in production (see docs/operations.md, <section>)`, for each name unset. */
export function requiredInProduction<Name extends string>(
  values: Partial<Record<Name, unknown>>,
  names: readonly Name[],
  section: string,
): string[] {
  return names
    .filter((name) => !values[name])
    .map((name) => `${name} is required in production (see docs/operations.md, ${section})`);
}

/**
 * This machine under any of its names: loopback (127.0.0.0/8, [::1]), the unspecified addresses
 * (0.0.0.0, [::]) and `localhost` with its subdomains (RFC 6761), where the stand-ins listen.
 */
export function isThisMachine({ hostname }: URL): boolean {
  return (
    /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1?\])$/.test(hostname) ||
    hostname.endsWith('.localhost')
  );
}

/**
 * Production talks to the provider itself: `NAME must be <whose> https:// endpoint in production,
 * not <stand-in>` when the URL is plain http or on this machine (the development stand-ins).
 */
export function realEndpointProblems(
  name: string,
  value: string | undefined,
  { whose, standIn }: { readonly whose: string; readonly standIn: string },
): string[] {
  if (value === undefined) return [];
  const url = new URL(value);
  return isThisMachine(url) || url.protocol !== 'https:'
    ? [`${name} must be ${whose} https:// endpoint in production, not ${standIn}`]
    : [];
}
