import type { AuthState, AuthUser } from '../lib/auth/auth-context';

export const testUser: AuthUser = {
  googleId: 'google-123',
  email: 'creator@example.com',
  displayName: 'Test Creator',
  photoURL: null,
  lastLoginAt: null,
};

export const signedIn: AuthState = { status: 'authenticated', user: testUser };
export const signedOut: AuthState = { status: 'unauthenticated', user: null };
export const authLoading: AuthState = { status: 'loading', user: null };
