import type { GoogleProfile, NewUser, User } from '../../domain/user.js';

/** Persistence of user accounts. One account per Google identity (`googleId` is unique). */
export abstract class UserRepository {
  /** Throws UserAlreadyExistsError when an account with the same googleId exists. */
  abstract create(user: NewUser): Promise<User>;

  abstract findByGoogleId(googleId: string): Promise<User | null>;

  abstract findById(id: string): Promise<User | null>;

  /** Records a sign-in and keeps the provider's current e-mail, name and photo. */
  abstract recordSignIn(id: string, profile: GoogleProfile, at: Date): Promise<User | null>;
}
