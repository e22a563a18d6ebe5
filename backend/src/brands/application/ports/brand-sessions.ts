import type { IssuedSession } from '../../../auth/auth.contract.js';
import type { Account } from '../../../users/users.contract.js';

/** Starts the same rotating-refresh session creators get (auth's SessionIssuer, wired in the module). */
export abstract class BrandSessions {
  abstract start(account: Account): Promise<IssuedSession>;
}
