/**
 * Which Google account (`sub`) holds the admin role of each admin address: recorded at the
 * address's first admin sign-in, claim-once (an insert against the unique address), so that
 * another identity asserting the same verified e-mail later never becomes a second admin (#28).
 */
export abstract class AdminBindings {
  /**
   * Binds `email` to `googleId` unless it is bound already; answers the binding that holds
   * (this one, or the earlier one), whichever caller won a race.
   */
  abstract bind(email: string, binding: AdminBinding): Promise<AdminBinding>;

  /** The recorded binding of an address, if any. */
  abstract of(email: string): Promise<AdminBinding | undefined>;
}

export interface AdminBinding {
  readonly googleId: string;
  /** The Google Workspace domain (`hd`) the account belonged to when bound, if any. */
  readonly hostedDomain?: string | undefined;
}

/**
 * The admin rule's settings: ADMIN_GOOGLE_SUBJECTS (address → `sub` bindings configured up
 * front, which take precedence over recorded ones) and ADMIN_HOSTED_DOMAIN (when set, an admin's
 * Google account must belong to this Workspace domain).
 */
export class AdminPolicy {
  constructor(
    readonly configuredSubjects: ReadonlyMap<string, string> = new Map(),
    readonly hostedDomain?: string | undefined,
  ) {}
}
