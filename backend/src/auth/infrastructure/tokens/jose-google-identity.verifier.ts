import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { GoogleProfile } from '../../../users/index.js';
import { GoogleIdentityVerifier } from '../../application/ports/google-identity.verifier.js';
import { InvalidCredentialError } from '../../domain/auth.errors.js';
import { normalizeEmailAddress } from '../../../common/domain/email-address.js';

export interface GoogleIdTokenSettings {
  readonly issuer: string;
  readonly jwksUrl: string;
  readonly clientId: string;
}

/** Google's ID tokens name their issuer with or without the scheme. */
function acceptedIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function toProfile(payload: JWTPayload): GoogleProfile {
  const claimed = stringClaim(payload, 'email');
  // The one e-mail parser's spelling (lower case, ASCII domain), as the waitlist and the admin
  // list store theirs: one mailbox, one address, wherever it is compared.
  const email = claimed === undefined ? undefined : normalizeEmailAddress(claimed);
  if (!payload.sub || !claimed || !email || payload.email_verified !== true) {
    throw new InvalidCredentialError();
  }
  return {
    googleId: payload.sub,
    email,
    displayName: stringClaim(payload, 'name') ?? email.split('@')[0] ?? email,
    photoURL: stringClaim(payload, 'picture') ?? null,
    // The Google Workspace domain, for ADMIN_HOSTED_DOMAIN (absent for consumer accounts).
    hostedDomain: stringClaim(payload, 'hd')?.toLowerCase(),
  };
}

/**
 * Verifies a Google ID token with jose: RS256 signature against the provider's JWKS (fetched and
 * cached by createRemoteJWKSet), issuer, audience = our client id, expiry, and a verified e-mail.
 */
@Injectable()
export class JoseGoogleIdentityVerifier extends GoogleIdentityVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly settings: GoogleIdTokenSettings) {
    super();
    this.keys = createRemoteJWKSet(new URL(settings.jwksUrl));
  }

  async verify(idToken: string): Promise<GoogleProfile> {
    return toProfile(await this.verifiedPayload(idToken));
  }

  /** The claims of a genuine token for us; InvalidCredentialError otherwise. */
  async verifiedPayload(idToken: string): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        algorithms: ['RS256'],
        issuer: acceptedIssuers(this.settings.issuer),
        audience: this.settings.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw new InvalidCredentialError({ cause: error });
    }
    return payload;
  }
}
