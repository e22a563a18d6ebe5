import { listAddressOf as addressOf, type Role, rolesOf } from '../domain/role.js';
import type { Account, GoogleProfile, User } from '../domain/user.js';
import { AdminBindings, AdminPolicy } from './ports/admin-bindings.js';
import { AdminEmailList } from './ports/admin-email-list.js';

/**
 * The roles of a user, derived each time they are asked for. Every stored account's e-mail is one
 * the identity provider verified (sign-in refuses unverified ones, see JoseGoogleIdentityVerifier)
 * and is refreshed on each sign-in.
 *
 * `admin` needs more than the e-mail claim (#28): the address is on ADMIN_EMAILS AND the account
 * is the Google account (`sub`) bound to that address — configured (ADMIN_GOOGLE_SUBJECTS) or
 * recorded at the address's first admin sign-in — AND, when ADMIN_HOSTED_DOMAIN is set, that
 * account belonged to that Workspace domain when it was bound. See docs/admin.md.
 *
 * A plain class (UsersModule builds it), so the users contract carries nothing of Nest.
 */
export class UserRoles {
  constructor(
    private readonly adminEmails: AdminEmailList,
    private readonly bindings: AdminBindings,
    private readonly policy: AdminPolicy,
  ) {}

  async of(user: Pick<User, 'email' | 'googleId'>): Promise<Role[]> {
    const roles = rolesOf(user.email, (email) => this.adminEmails.includes(email));
    if (!roles.includes('admin')) return roles;
    const bound = await this.bindingOf(user.email);
    return bound && this.holds(bound, user.googleId) ? roles : ['creator'];
  }

  /**
   * A verified sign-in (or sign-up): the first admin sign-in of an admin address binds it to
   * this Google account (when it qualifies: the Workspace domain, if required). Answers the
   * account's roles.
   */
  async signedIn(profile: GoogleProfile): Promise<Role[]> {
    const roles = rolesOf(profile.email, (email) => this.adminEmails.includes(email));
    if (!roles.includes('admin')) return roles;
    const email = addressOf(profile.email);
    if (!this.policy.configuredSubjects.has(email) && this.inDomain(profile.hostedDomain)) {
      await this.bindings.bind(email, {
        googleId: profile.googleId,
        hostedDomain: profile.hostedDomain,
      });
    }
    return this.of(profile);
  }

  private async bindingOf(email: string) {
    const address = addressOf(email);
    const configured = this.policy.configuredSubjects.get(address);
    if (configured !== undefined) return { googleId: configured, configured: true };
    const recorded = await this.bindings.of(address);
    return recorded && { ...recorded, configured: false };
  }

  private holds(
    bound: { googleId: string; hostedDomain?: string | undefined; configured: boolean },
    googleId: string,
  ): boolean {
    return bound.googleId === googleId && (bound.configured || this.inDomain(bound.hostedDomain));
  }

  private inDomain(hostedDomain: string | undefined): boolean {
    const required = this.policy.hostedDomain;
    return required === undefined || hostedDomain?.toLowerCase() === required;
  }

  /** A brand account is a brand and nothing else: never a creator, never an admin. */
  async ofAccount(account: Account): Promise<Role[]> {
    return account.accountType === 'brand' ? ['brand'] : this.of(account);
  }
}
