import { Injectable } from '@nestjs/common';
import { newInfluencer, UserAlreadyExistsError, UserRepository } from '../../users/index.js';
import { Clock } from '../../common/application/clock.js';
import { GoogleIdentityVerifier } from './ports/google-identity.verifier.js';
import { type IssuedSession, SessionIssuer } from './session-issuer.js';

/** Creates an influencer account for a verified Google identity and signs it in. */
@Injectable()
export class SignUpWithGoogle {
  constructor(
    private readonly identities: GoogleIdentityVerifier,
    private readonly users: UserRepository,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  /** Throws InvalidCredentialError, or UserAlreadyExistsError for a known Google account. */
  async execute(idToken: string): Promise<IssuedSession> {
    const profile = await this.identities.verify(idToken);
    if (await this.users.findByGoogleId(profile.googleId)) throw new UserAlreadyExistsError();
    const user = await this.users.create(newInfluencer(profile, this.clock.now()));
    return this.sessions.start(user);
  }
}
