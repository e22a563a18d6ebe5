import type { ReauthenticationMethod } from '../../domain/recent-authentication.js';

/**
 * When each session last re-authenticated, one small keyed record per session, shared by every
 * instance; and the claim-once record of each used re-authentication (a replay is refused).
 */
export abstract class RecentAuthentications {
  abstract record(
    sessionId: string,
    userId: string,
    at: Date,
    method: ReauthenticationMethod,
  ): Promise<void>;

  /** The session's last re-authentication, or null. */
  abstract lastOf(sessionId: string): Promise<Date | null>;

  /** Claim-once: true for the single caller that uses this re-authentication. */
  abstract claim(key: string, at: Date): Promise<boolean>;
}

/** Who a Google ID token names and when the person last typed their credentials (`auth_time`). */
export interface ProvenIdentity {
  readonly googleId: string;
  readonly authTime: Date | null;
}

/** Verifies an ID token like GoogleIdentityVerifier and reads its `auth_time`. */
export abstract class AuthTimeVerifier {
  /** Throws InvalidCredentialError for a forged, expired or foreign token. */
  abstract verify(idToken: string): Promise<ProvenIdentity>;
}
