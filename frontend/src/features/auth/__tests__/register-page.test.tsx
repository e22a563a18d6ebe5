import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startGoogleSignIn } from '../api/google-sign-in';
import { RegisterPage } from '../components/register-page';
import { renderAuthPage } from './render-auth-page';

vi.mock('../api/google-sign-in', () => ({ startGoogleSignIn: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('RegisterPage', () => {
  it('offers Influencer (selected) and Brand accounts, the login link and the help note', () => {
    renderAuthPage(RegisterPage, '/register');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText("Paylock it, Don't Chase it")).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English (EN)');
    expect(screen.getByRole('radio', { name: /Influencer/ })).toBeChecked();
    expect(screen.getByText('individual content creators')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Brand/ })).not.toBeChecked();
    expect(screen.getByText('talent management companies')).toBeInTheDocument();
    expect(screen.getByText('Already, Have an account?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/^Need help\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@paylock.in' })).toHaveAttribute(
      'href',
      'mailto:support@paylock.in',
    );
  });

  it("signs an influencer up with Google, reading 'Signing in...' meanwhile", async () => {
    renderAuthPage(RegisterPage, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(startGoogleSignIn).toHaveBeenCalledExactlyOnceWith('signup');
  });

  it('shows the brand mobile number and Get OTP, and says brand sign-up opens soon', async () => {
    renderAuthPage(RegisterPage, '/register');
    await userEvent.click(screen.getByRole('radio', { name: /Brand/ }));

    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
    const mobile = screen.getByLabelText('Mobile Number');
    expect(mobile).toHaveAttribute('placeholder', '9XXXXXXXXX');
    expect(mobile).toHaveAccessibleDescription(
      'Brand sign-up opens soon: Get OTP does not send a code yet.',
    );
    await userEvent.type(mobile, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'No code was sent. Brand sign-up opens soon.',
    );
    expect(startGoogleSignIn).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: /Influencer/ }));
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
  });

  it('says plainly when a local development identity provider stands in for Google', async () => {
    renderAuthPage(RegisterPage, '/register', { identityProvider: 'local' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'A local development identity provider is in use: no real Google account is involved.',
    );
  });

  it('explains ?reason=no-account, then removes it from the address', async () => {
    const { location } = renderAuthPage(RegisterPage, '/register?reason=no-account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Paylock account exists for this Google account yet. Please sign up first.',
    );
    expect(location().search).toBe('');
  });
});
