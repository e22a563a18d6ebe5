import type { Invite, InviteWave, WaveFunnel } from '../../domain/invite.js';

/**
 * A claim on an invite: the single insert that decides its fate, against the unique `_id` (the
 * invite's id). Redeeming and revoking both claim, so exactly one of them ever wins, on any
 * instance and without transactions.
 */
export interface InviteClaim {
  readonly inviteId: string;
  readonly outcome: 'redeemed' | 'revoked';
  readonly at: Date;
  /** For a redemption: the account about to be created, and the Google identity creating it. */
  readonly userId?: string | undefined;
  readonly googleId?: string | undefined;
}

export type InviteClaimOutcome =
  { readonly won: true } | { readonly won: false; readonly existing: InviteClaim | undefined };

/** Invites, waves and claims. One invite per entry (unique), one claim per invite (unique). */
export abstract class InviteStore {
  abstract nextId(): string;

  /**
   * Stores new invites; answers the entry ids that already had one (refused by the unique
   * index on the entry, even when another instance stored it a moment ago).
   */
  abstract addMany(invites: readonly Invite[]): Promise<{ readonly alreadyInvited: string[] }>;

  abstract findByEntryIds(entryIds: readonly string[]): Promise<Invite[]>;

  abstract findByEntryId(entryId: string): Promise<Invite | undefined>;

  /**
   * The entry and creation time of every invite neither redeemed, revoked nor erased (for the
   * repair of unmarked entries at start).
   */
  abstract findOutstanding(): Promise<{ readonly entryId: string; readonly createdAt: Date }[]>;

  abstract findByCodeHash(codeHash: string): Promise<Invite | undefined>;

  /**
   * A re-send: a new code (its hash) and a new validity, as sending number `sendCount`. Only
   * when the invite was sent `sendCount - 1` times so far: of two simultaneous re-sends one
   * replaces the code (true) and the other changes nothing (false), so the code e-mailed is
   * always the code stored.
   */
  abstract replaceCode(
    inviteId: string,
    sendCount: number,
    codeHash: string,
    sentAt: Date,
    expiresAt: Date,
  ): Promise<boolean>;

  abstract claim(claim: InviteClaim): Promise<InviteClaimOutcome>;

  /** Gives a won redemption claim back (the account could not be created); only that claim. */
  abstract releaseClaim(inviteId: string, userId: string): Promise<void>;

  /** Records the outcome of a won claim on the invite (for lists and the funnel). Idempotent. */
  abstract markRedeemed(
    inviteId: string,
    account: { readonly userId: string; readonly email: string },
    at: Date,
  ): Promise<void>;

  abstract markRevoked(inviteId: string, at: Date): Promise<void>;

  /**
   * The entry was erased (#13): its invite keeps only what the funnel counts (`erasedInvite`),
   * and its claim only its outcome and time (no account id, no Google identity). Idempotent;
   * nothing to do when the entry has no invite (or it was already forgotten).
   */
  abstract forgetEntry(entryId: string, at: Date): Promise<void>;

  abstract addWave(wave: InviteWave): Promise<void>;

  /** Every wave's funnel, newest first; `now` decides which pending invites have expired. */
  abstract funnel(now: Date): Promise<WaveFunnel[]>;
}
