import { randomInt } from 'node:crypto';

/** Why a code is asked for: it is bound to this (in its HMAC), so one purpose's code fails the other. */
export const CODE_PURPOSES = ['signup', 'login'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
/**
 * What else a code may prove, signing nobody in (not purposes the sign-in routes accept): that
 * the person holds the number, for a brand's package request on a public media kit (#42); or,
 * `reauth`, a signed-in brand confirming a change that moves money or identity (#41).
 */
export type CodeBinding = CodePurpose | 'package-request' | 'reauth';

export const CODE_DIGITS = 6;
const CODE_SPACE = 10 ** CODE_DIGITS;
export const CODE_SHAPE = /^[0-9]{6}$/;
/** A code works this long after it is sent. */
export const CODE_TTL_MS = 10 * 60_000;
/** Tries per code, counted before comparing: the fifth wrong one kills it. */
export const MAX_CODE_ATTEMPTS = 5;
/** A new code for a number no sooner than this after the previous one. */
export const RESEND_COOLDOWN_MS = 60_000;

/** Six digits from the CSPRNG, leading zeros kept: each of the 10⁶ codes equally likely. */
export function generateCode(): string {
  return String(randomInt(0, CODE_SPACE)).padStart(CODE_DIGITS, '0');
}

/** What a code's HMAC covers: purpose, number and code, so a code is good for nothing else. */
export function codeMessage(purpose: CodeBinding, e164: string, code: string): string {
  return `${purpose}|${e164}|${code}`;
}

/**
 * A code sent to a number. The codes of a number are numbered 1, 2, 3, …: the one with the
 * highest number is the number's code, each new one replacing the one before. Only the HMAC of
 * the code is kept; its tries and its use are claimed separately, once each (OneTimeCodes).
 */
export interface CodeChallenge {
  /** E.164: the number the code went to. */
  readonly phone: string;
  /** The code's number among the number's codes (1 for the first). */
  readonly sequence: number;
  readonly purpose: CodeBinding;
  readonly codeHash: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** The code that replaces `previous` (null: the number's first), valid CODE_TTL_MS from `now`. */
export function newChallenge(
  fields: Pick<CodeChallenge, 'phone' | 'purpose' | 'codeHash'>,
  previous: Pick<CodeChallenge, 'sequence'> | null,
  now: Date,
): CodeChallenge {
  return {
    ...fields,
    sequence: (previous?.sequence ?? 0) + 1,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
}

/** Names one code across instances: the number and the code's sequence number. */
export function challengeIdOf(challenge: Pick<CodeChallenge, 'phone' | 'sequence'>): string {
  return `${challenge.phone}#${challenge.sequence}`;
}

/** Whole seconds (at least 1) until a new code may be sent after one sent at `issuedAt`. */
export function cooldownLeftSeconds(issuedAt: Date, now: Date): number {
  const left = issuedAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0;
}
