import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startGoogleSignIn } from '../api/google-sign-in';
import { LoginPage } from '../components/login-page';
import { renderAuthPage } from './render-auth-page';

vi.mock('../api/google-sign-in', () => ({ startGoogleSignIn: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('LoginPage', () => {
  it('shows the top bar, the Google sign-in, the sign-up link and the help note', () => {
    renderAuthPage(LoginPage, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paylock' })).toHaveAttribute('href', '/');
    expect(screen.getByText("Paylock it, Don't Chase it")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English (EN)');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByText(/^Need help\?/)).toBeInTheDocument();
  });

  it('adds no notice when Google itself signs people in', async () => {
    const { identityProviderAnswered } = renderAuthPage(LoginPage, '/login');
    await identityProviderAnswered;
    await new Promise((resolve) => setTimeout(resolve, 20)); // let the answer render
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("reads 'Signing in...' and is disabled while the Google sign-in runs", async () => {
    renderAuthPage(LoginPage, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(startGoogleSignIn).toHaveBeenCalledExactlyOnceWith('login');
  });

  it('says plainly when a local development identity provider stands in for Google', async () => {
    renderAuthPage(LoginPage, '/login', { identityProvider: 'local' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'A local development identity provider is in use: no real Google account is involved.',
    );
  });

  it.each([
    ['ALREADY_REGISTERED', 'This Google account is already registered. Please sign in.'],
    ['INVALID_CREDENTIAL', 'Signing in with Google did not complete. Please try again.'],
    ['RATE_LIMITED', 'Too many sign-in attempts. Please wait a minute and try again.'],
    [
      'DATABASE_UNAVAILABLE',
      'Paylock is temporarily unavailable, so signing in with Google did not complete. Please try again shortly.',
    ],
  ])('explains ?reason=%s, then removes it from the address', async (reason, message) => {
    const { location } = renderAuthPage(LoginPage, `/login?reason=${reason}&keep=1`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location().pathname).toBe('/login');
    expect(location().search).toBe('?keep=1');
  });

  it.each([
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__defineGetter__',
  ])(
    'ignores ?reason=%s, an inherited name rather than a reason, without breaking the page',
    async (reason) => {
      const { location } = renderAuthPage(LoginPage, `/login?reason=${reason}`);
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await waitFor(() => {
        expect(location().search).toBe('');
      });
    },
  );

  it('ignores a reason it does not know', () => {
    renderAuthPage(LoginPage, '/login?reason=whatever');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
