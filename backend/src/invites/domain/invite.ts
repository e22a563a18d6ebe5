import { isSecretTokenShaped } from '../../common/domain/secret-token.js';

/**
 * An early-access invite (issue #15, ADR 0024): one per waitlist entry, a single-use code sent
 * as a link to `/register?invite=<code>`. Only the code's SHA-256 is stored. Sending it again
 * (a re-send) replaces the code and restarts its validity; revoking and redeeming are final.
 */
export interface Invite {
  readonly id: string;
  readonly entryId: string;
  /** The wave that first invited the entry. */
  readonly waveId: string;
  /** The waitlist's e-mail and name: where the invite was sent. */
  readonly email: string;
  readonly name: string;
  readonly codeHash: string;
  readonly createdAt: Date;
  /** The latest sending (the first, or the latest re-send). */
  readonly sentAt: Date;
  readonly sendCount: number;
  readonly expiresAt: Date;
  readonly revokedAt?: Date | undefined;
  readonly redeemedAt?: Date | undefined;
  /** The account created with it; its Google e-mail may differ from `email`. */
  readonly account?: { readonly userId: string; readonly email: string } | undefined;
  /**
   * When the entry was erased (#13): the invite is kept for its wave's funnel only, without
   * e-mail, name, code hash, entry or account (see `ERASED_INVITE`).
   */
  readonly erasedAt?: Date | undefined;
}

/**
 * What an invite keeps once its entry is erased: its id, wave, dates and outcome, nothing that
 * points to a person. `entryId` and `codeHash` stay unique (their indexes cover every document)
 * with a value no entry id or code hash can take; a pending invite counts as expired from the
 * erasure on, since its link no longer works.
 */
export function erasedInvite(invite: Invite, at: Date): Invite {
  return {
    id: invite.id,
    waveId: invite.waveId,
    entryId: `erased:${invite.id}`,
    codeHash: `erased:${invite.id}`,
    email: '',
    name: '',
    createdAt: invite.createdAt,
    sentAt: invite.sentAt,
    sendCount: invite.sendCount,
    expiresAt: invite.expiresAt.getTime() < at.getTime() ? invite.expiresAt : at,
    revokedAt: invite.revokedAt,
    redeemedAt: invite.redeemedAt,
    erasedAt: invite.erasedAt ?? at,
  };
}

export type InviteState = 'pending' | 'expired' | 'revoked' | 'redeemed';

export function stateOf(
  invite: Pick<Invite, 'expiresAt' | 'revokedAt' | 'redeemedAt'>,
  now: Date,
): InviteState {
  if (invite.redeemedAt) return 'redeemed';
  if (invite.revokedAt) return 'revoked';
  return invite.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/**
 * The longest string taken in as an invite code (request bodies, the sign-in state): a code is
 * 43 characters; anything longer is not one, and is refused before any work.
 */
export const MAX_INVITE_INPUT_LENGTH = 200;

/** Whether a string can be a code at all; anything else is refused before any lookup. */
export function isWellFormedCode(code: unknown): code is string {
  return typeof code === 'string' && isSecretTokenShaped(code);
}

const DAY_MS = 86_400_000;

export function expiryOf(sentAt: Date, ttlDays: number): Date {
  return new Date(sentAt.getTime() + ttlDays * DAY_MS);
}

/** Which of the register page's tabs an invite opens: Google for creators, the mobile number for brands. */
export type InviteeSide = 'creator' | 'brand';

/**
 * The link in the e-mail; PUBLIC_URL has no trailing slash. A brand-side entry's (brand, agency,
 * talent manager) opens the register page with the Brand tab chosen (`as=brand`).
 */
export function inviteUrlOf(
  publicUrl: string,
  code: string,
  side: InviteeSide = 'creator',
): string {
  const url = `${publicUrl}/register?invite=${encodeURIComponent(code)}`;
  return side === 'brand' ? `${url}&as=brand` : url;
}

function maskPart(part: string): string {
  const characters = Array.from(part);
  if (characters.length <= 2) return `${characters[0] ?? ''}***`;
  return `${characters[0] ?? ''}***${characters.at(-1) ?? ''}`;
}

/**
 * Enough of the address for its owner to recognise it, too little to learn it: the first and
 * last character of the local part and of the domain's name, the top-level domain in full
 * ("asha.k@gmail.com" → "a***k@g***l.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskPart(email);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const name = dot < 0 ? domain : domain.slice(0, dot);
  const tld = dot < 0 ? '' : domain.slice(dot);
  return `${maskPart(local)}@${maskPart(name)}${tld}`;
}

/** A wave: one admin action that invited (or re-sent to) a set of entries. */
export interface InviteWave {
  readonly id: string;
  readonly at: Date;
  readonly actorUserId: string;
  /** How the entries were chosen. */
  readonly selection: 'next' | 'selected';
  readonly invited: number;
  readonly resent: number;
}

/** One wave's funnel, counted over the invites it first sent. */
export interface WaveFunnel {
  readonly waveId: string;
  readonly at: Date;
  readonly selection: 'next' | 'selected';
  readonly invited: number;
  readonly pending: number;
  readonly redeemed: number;
  readonly expired: number;
  readonly revoked: number;
}
