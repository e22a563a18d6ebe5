import type { GoogleProfile, NewUser, User } from '../../domain/user.js';

/** Persistence of user accounts. One account per Google identity (`googleId` is unique). */
export abstract class UserRepository {
  /** A fresh account id, for an account whose id must be known before it is created. */
  abstract nextId(): string;

  /**
   * Throws UserAlreadyExistsError when an account with the same googleId (or `id`) exists.
   * `id` defaults to a fresh one.
   */
  abstract create(user: NewUser, id?: string): Promise<User>;

  abstract findByGoogleId(googleId: string): Promise<User | null>;

  /** An account whose (verified, normalised) e-mail is `email`, if any. */
  abstract findByEmail(email: string): Promise<User | null>;

  abstract findById(id: string): Promise<User | null>;

  /**
   * Records a sign-in and keeps the provider's current e-mail, name and photo. A name the person
   * chose (`rename`) stays their display name over the provider's.
   */
  abstract recordSignIn(id: string, profile: GoogleProfile, at: Date): Promise<User | null>;

  /** Sets the display name the person chose (Settings → Profile); null when no such account. */
  abstract rename(id: string, displayName: string): Promise<User | null>;
}
