import { Injectable } from '@nestjs/common';
import { UserRepository, UserRoles } from '../../users/users.contract.js';
import { AccountNotFoundError } from '../domain/auth.errors.js';
import { type SessionDevice, UNKNOWN_DEVICE } from '../domain/session.js';
import { Clock } from '../../common/application/clock.js';
import { SignInNotices } from './ports/sign-in-notices.js';
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
    private readonly newBrowser: SignInNotices,
  ) {}

  /** Throws InvalidCredentialError, or AccountNotFoundError for an unknown Google account. */
  async execute(idToken: string, device: SessionDevice = UNKNOWN_DEVICE): Promise<IssuedSession> {
    const profile = await this.identities.verify(idToken);
    const existing = await this.users.findByGoogleId(profile.googleId);
    if (!existing) throw new AccountNotFoundError();
    const now = this.clock.now();
    const user = await this.users.recordSignIn(existing.id, profile, now);
    if (!user) throw new AccountNotFoundError();
    // The first admin sign-in of an admin address binds it to this Google account.
    await this.roles.signedIn(profile);
    const session = await this.sessions.start(user, device);
    await this.newBrowser.signedIn(user, device, now);
    return session;
  }
}
