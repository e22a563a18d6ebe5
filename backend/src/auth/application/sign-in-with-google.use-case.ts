import { Injectable } from '@nestjs/common';
import { UserRepository, UserRoles } from '../../users/users.contract.js';
import { AccountNotFoundError } from '../domain/auth.errors.js';
import { type SessionDevice, UNKNOWN_DEVICE } from '../domain/session.js';
import { Clock } from '../../common/application/clock.js';
import { GoogleIdentityVerifier } from './ports/google-identity.verifier.js';
import { type IssuedSession, SessionIssuer } from './session-issuer.js';

/** Signs an existing account in with a verified Google identity. */
@Injectable()
export class SignInWithGoogle {
  constructor(
    private readonly identities: GoogleIdentityVerifier,
    private readonly users: UserRepository,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
    private readonly roles: UserRoles,
  ) {}

  /** Throws InvalidCredentialError, or AccountNotFoundError for an unknown Google account. */
  async execute(idToken: string, device: SessionDevice = UNKNOWN_DEVICE): Promise<IssuedSession> {
    const profile = await this.identities.verify(idToken);
    const existing = await this.users.findByGoogleId(profile.googleId);
    if (!existing) throw new AccountNotFoundError();
    const user = await this.users.recordSignIn(existing.id, profile, this.clock.now());
    if (!user) throw new AccountNotFoundError();
    // The first admin sign-in of an admin address binds it to this Google account.
    await this.roles.signedIn(profile);
    return this.sessions.start(user, device);
  }
}
