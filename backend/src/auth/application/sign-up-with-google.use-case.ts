import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { InviteRequiredError } from '../../invites/invites.contract.js';
import {
  newInfluencer,
  UserAlreadyExistsError,
  UserRepository,
  UserRoles,
  type User,
} from '../../users/users.contract.js';
import { type SessionDevice, UNKNOWN_DEVICE } from '../domain/session.js';
import { GoogleIdentityVerifier } from './ports/google-identity.verifier.js';
import { SignUpInvites, SignUpPolicy } from './ports/sign-up-invites.js';
import { SignInNotices } from './ports/sign-in-notices.js';
import { type IssuedSession, SessionIssuer } from './session-issuer.js';

/**
 * Creates an influencer account for a verified Google identity and signs it in. With an invite
 * code, the invite is claimed first (claim-once, ADR 0024) and the account gets the id the claim
 * names, so that one invite makes at most one account however many sign-ups race for it. In
 * SIGNUP_MODE=invite a sign-up without an invite is refused — except for the Google account that
 * holds an ADMIN_EMAILS address's admin role (the first to sign in with it, or the one configured:
 * see UserRoles), who must be able to get in to send the first invites. A verified e-mail that
 * already belongs to an account gets no second account.
 */
@Injectable()
export class SignUpWithGoogle {
  constructor(
    private readonly identities: GoogleIdentityVerifier,
    private readonly users: UserRepository,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
    private readonly invites: SignUpInvites,
    private readonly policy: SignUpPolicy,
    private readonly roles: UserRoles,
    private readonly newBrowser: SignInNotices,
  ) {}

  /**
   * Throws InvalidCredentialError, UserAlreadyExistsError for a known Google account, the
   * invites module's errors for a bad invite, InviteRequiredError without one in invite mode.
   */
  async execute(
    idToken: string,
    inviteCode?: string,
    device: SessionDevice = UNKNOWN_DEVICE,
  ): Promise<IssuedSession> {
    const profile = await this.identities.verify(idToken);
    if (await this.users.findByGoogleId(profile.googleId)) throw new UserAlreadyExistsError();
    // Another Google account asserting a verified e-mail an account already has gets no second
    // account for it (#28): the address's owner signs in with the account they signed up with.
    if (await this.users.findByEmail(profile.email)) throw new UserAlreadyExistsError();
    const now = this.clock.now();
    // The first admin sign-in of an admin address binds it to this Google account.
    const roles = await this.roles.signedIn(profile);
    if (inviteCode === undefined) {
      if (this.policy.mode === 'invite' && !roles.includes('admin')) {
        throw new InviteRequiredError();
      }
      return this.started(await this.users.create(newInfluencer(profile, now)), device, now);
    }
    const claim = await this.invites.claim(inviteCode, {
      userId: this.users.nextId(),
      googleId: profile.googleId,
    });
    let user: User;
    try {
      user = await this.users.create(newInfluencer(profile, now), claim.userId);
    } catch (error) {
      // This Google account got an account meanwhile (another tab, another invite): the claim
      // goes back, unless it was that other tab's claim.
      if (error instanceof UserAlreadyExistsError) await this.invites.release(claim);
      throw error;
    }
    await this.invites.complete(claim, { userId: user.id, email: user.email });
    return this.started(user, device, now);
  }

  /** The session of the new account; its browser is known from now on (no new-browser notice). */
  private async started(user: User, device: SessionDevice, now: Date): Promise<IssuedSession> {
    const session = await this.sessions.start(user, device);
    await this.newBrowser.signedUp(user, device, now);
    return session;
  }
}
