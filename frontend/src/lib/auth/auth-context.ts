import { createContext } from 'react';

export interface AuthUser {
  googleId: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  lastLoginAt: string | null;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: AuthUser }
  | { status: 'unauthenticated'; user: null };

export const AuthContext = createContext<AuthState | null>(null);
