import { createContext } from 'react';

/** The signed-in user as the app displays them (the server's profile of the Google account). */
export interface AuthUser {
  displayName: string;
  email: string;
  photoURL: string | null;
  /** A brand account's verified mobile number (E.164); creators have none. */
  phone?: string | undefined;
  /**
   * 'creator' for everyone who signed up with Google ('admin' too while the server lists the
   * account's e-mail); 'brand' for the accounts of a mobile number.
   */
  roles: readonly Role[];
}

export type Role = 'creator' | 'admin' | 'brand';

export const isAdmin = (user: AuthUser | null): boolean => user?.roles.includes('admin') ?? false;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: AuthUser }
  // `signedOutByUser`: the visitor just pressed Sign Out, so the guards need not explain why.
  | { status: 'unauthenticated'; user: null; signedOutByUser?: boolean };

export const AuthContext = createContext<AuthState | null>(null);
