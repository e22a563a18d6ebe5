import type { AuthState, AuthUser } from '../lib/auth/auth-context';

export const testUser: AuthUser = {
  email: 'creator@example.com',
  displayName: 'Test Creator',
  photoURL: null,
};

export const signedIn: AuthState = { status: 'authenticated', user: testUser };
export const signedOut: AuthState = { status: 'unauthenticated', user: null };
export const authLoading: AuthState = { status: 'loading', user: null };
