import type { GoogleProfile } from '../../../users/users.contract.js';

/** Establishes who signed in from a Google ID token, checked against the provider's keys. */
export abstract class GoogleIdentityVerifier {
  /** Throws InvalidCredentialError for a forged, expired, foreign or unverified token. */
  abstract verify(idToken: string): Promise<GoogleProfile>;
}
