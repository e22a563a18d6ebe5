import type { AuthState, AuthUser } from '../lib/auth/auth-context';

export const testUser: AuthUser = {
  email: 'creator@example.com',
  displayName: 'Test Creator',
  photoURL: null,
  roles: ['creator'],
};

export const testAdmin: AuthUser = {
  email: 'ops@paylock.in',
  displayName: 'Test Admin',
  photoURL: null,
  roles: ['creator', 'admin'],
};

export const signedIn: AuthState = { status: 'authenticated', user: testUser };
export const signedInAsAdmin: AuthState = { status: 'authenticated', user: testAdmin };
export const signedOut: AuthState = { status: 'unauthenticated', user: null };
export const authLoading: AuthState = { status: 'loading', user: null };
