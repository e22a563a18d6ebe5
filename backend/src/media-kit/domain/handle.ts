import { InvalidMediaKitError } from './media-kit.errors.js';

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
/** How long a changed handle keeps redirecting to the new one before anyone may take it. */
export const HANDLE_REDIRECT_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Words no creator may take: the site's own paths and names people trust. Checked against the
 * handle's skeleton, so "supp0rt" and "a.d.m.i.n" are refused too.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'brand',
  'brands',
  'creator',
  'creators',
  'dashboard',
  'deal',
  'deals',
  'help',
  'login',
  'logout',
  'media',
  'mediakit',
  'paylock',
  'razorpay',
  'root',
  'security',
  'settings',
  'signup',
  'staff',
  'support',
  'system',
  'vite',
  'wallet',
  'www',
]);

/** Letters, digits, dots and underscores; starts and ends with a letter or digit. */
const HANDLE_SHAPE = /^[a-z0-9](?:[a-z0-9._]*[a-z0-9])?$/;
/** Control and format characters (zero-width joiners, bidi marks) and other default-ignorables. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;
/** Any letter outside ASCII once normalised: Cyrillic "а", Greek "ο" and their kin. */
const NON_ASCII = /[^\u0020-\u007e]/;

/**
 * Look-alikes among the characters a handle may hold (after NFKC folding has already turned
 * full-width and styled letters into plain ones), after Unicode TR39's confusables table:
 * "0"/"o", "1"/"l", "rn"/"m", "vv"/"w", "cl"/"d". Separators are dropped.
 */
const SKELETON_STEPS: readonly (readonly [RegExp, string])[] = [
  [/[._]/g, ''],
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

const RESERVED_SKELETONS: ReadonlySet<string> = new Set([...RESERVED_HANDLES].map(skeletonOf));

/** A creator's public handle as stored: NFKC-folded, lower case, ASCII only. */
export interface Handle {
  readonly value: string;
  /** The look-alike key: two handles with one skeleton cannot both be held. */
  readonly skeleton: string;
}

export function skeletonOf(value: string): string {
  return SKELETON_STEPS.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    value,
  );
}

function handleProblem(folded: string, raw: string): string | undefined {
  if (INVISIBLE.test(raw) || INVISIBLE.test(folded)) {
    return 'Handle must not contain invisible or control characters';
  }
  if (NON_ASCII.test(folded)) {
    return 'Handle must use only the letters a–z, digits, dots and underscores (no look-alike letters from other alphabets)';
  }
  if (folded.length < HANDLE_MIN_LENGTH || folded.length > HANDLE_MAX_LENGTH) {
    return `Handle must be ${String(HANDLE_MIN_LENGTH)} to ${String(HANDLE_MAX_LENGTH)} characters`;
  }
  if (!HANDLE_SHAPE.test(folded) || /[._]{2}/.test(folded)) {
    return 'Handle must use only letters, digits, dots and underscores, and start and end with a letter or digit';
  }
  if (RESERVED_SKELETONS.has(skeletonOf(folded))) {
    return 'This handle is reserved. Please choose another.';
  }
  return undefined;
}

/**
 * The handle typed (with or without a leading "@"), folded by NFKC and lower-cased, or
 * InvalidMediaKitError on `handle` naming what is wrong.
 */
export function parseHandle(raw: unknown): Handle {
  if (typeof raw !== 'string') throw new InvalidMediaKitError({ handle: 'Handle is required' });
  const trimmed = raw.trim().replace(/^@/, '');
  const folded = trimmed.normalize('NFKC').toLowerCase();
  const problem = handleProblem(folded, trimmed);
  if (problem) throw new InvalidMediaKitError({ handle: problem });
  return { value: folded, skeleton: skeletonOf(folded) };
}

/**
 * Who holds a handle's skeleton: its creator, and — once changed away from — until when it
 * keeps redirecting to the creator's new handle.
 */
export interface HandleClaim {
  readonly skeleton: string;
  readonly handle: string;
  readonly creatorId: string;
  /** Set when the creator moved to another handle: the old one redirects until this moment. */
  readonly redirectUntil?: Date;
}

export function redirectUntilAfterChange(now: Date): Date {
  return new Date(now.getTime() + HANDLE_REDIRECT_DAYS * DAY_MS);
}

/** Whether `creatorId` may take the claimed skeleton at `now`: their own, or a released one. */
export function mayTake(claim: HandleClaim | undefined, creatorId: string, now: Date): boolean {
  if (!claim || claim.creatorId === creatorId) return true;
  return claim.redirectUntil !== undefined && claim.redirectUntil.getTime() <= now.getTime();
}

/** Whether an old handle still redirects at `now`. */
export function stillRedirects(claim: HandleClaim, now: Date): boolean {
  return claim.redirectUntil !== undefined && claim.redirectUntil.getTime() > now.getTime();
}
