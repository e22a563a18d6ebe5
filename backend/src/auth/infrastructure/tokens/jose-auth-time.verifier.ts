import { Injectable } from '@nestjs/common';
import {
  AuthTimeVerifier,
  type ProvenIdentity,
} from '../../application/ports/recent-authentications.js';
import { InvalidCredentialError } from '../../domain/auth.errors.js';
import { JoseGoogleIdentityVerifier } from './jose-google-identity.verifier.js';

/** The same checks as sign-in's verifier, and the token's `auth_time` (seconds since the epoch). */
@Injectable()
export class JoseAuthTimeVerifier extends AuthTimeVerifier {
  constructor(private readonly tokens: JoseGoogleIdentityVerifier) {
    super();
  }

  async verify(idToken: string): Promise<ProvenIdentity> {
    const payload = await this.tokens.verifiedPayload(idToken);
    if (!payload.sub) throw new InvalidCredentialError();
    const authTime = payload.auth_time;
    return {
      googleId: payload.sub,
      authTime:
        typeof authTime === 'number' && Number.isFinite(authTime)
          ? new Date(authTime * 1000)
          : null,
    };
  }
}
