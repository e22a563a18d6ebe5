import type { User } from '../../../users/users.contract.js';
import type { SessionDevice } from '../../domain/session.js';

/** What a sign-up or sign-in tells the account's owner (a new browser, #41). Never throws. */
export abstract class SignInNotices {
  abstract signedUp(user: User, device: SessionDevice, at: Date): Promise<void>;
  abstract signedIn(user: User, device: SessionDevice, at: Date): Promise<void>;
}
