import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
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

  it('shows the brand Mobile Number and Get OTP instead of Google on the Brand tab', async () => {
    renderAuthPage(RegisterPage, '/register');
    await userEvent.click(screen.getByRole('radio', { name: /Brand/ }));

    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Mobile Number/)).toHaveAttribute('placeholder', '9XXXXXXXXX');
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeEnabled();

    await userEvent.click(screen.getByRole('radio', { name: /Influencer/ }));
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
  });

  it('opens the Brand tab for ?as=brand (a brand invite link)', () => {
    renderAuthPage(RegisterPage, '/register?as=brand');
    expect(screen.getByRole('radio', { name: /Brand/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
  });

  it('says plainly when a local development identity provider stands in for Google', async () => {
    renderAuthPage(RegisterPage, '/register', { identityProvider: 'local' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'A local development identity provider is in use: no real Google account is involved.',
    );
  });

  it('explains ?reason=ACCOUNT_NOT_FOUND, then removes it from the address', async () => {
    const { location } = renderAuthPage(RegisterPage, '/register?reason=ACCOUNT_NOT_FOUND');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Paylock account exists for this Google account yet. Please sign up first.',
    );
    expect(location().search).toBe('');
  });

  describe('with an invite (/register?invite=…)', () => {
    const CODE = 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E';

    function answerLookup(status: number, body: object) {
      const sent: unknown[] = [];
      server.use(
        http.post(apiUrl('/api/v1/invites/lookup'), async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(body, { status });
        }),
      );
      return sent;
    }

    it('says who is invited (masked) and signs up with the invite', async () => {
      const sent = answerLookup(200, {
        maskedEmail: 'c***1@e***e.com',
        expiresAt: '2026-12-07T10:00:00.000Z',
      });
      renderAuthPage(RegisterPage, `/register?invite=${CODE}`);
      expect(await screen.findByText('c***1@e***e.com')).toBeInTheDocument();
      expect(sent).toEqual([{ code: CODE }]);
      await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
      expect(startGoogleSignIn).toHaveBeenCalledExactlyOnceWith('signup', CODE);
    });

    it.each([
      [
        'INVITE_EXPIRED',
        410,
        'This invite has expired. Reply to your invite e-mail and we will send you a new one.',
      ],
      [
        'INVITE_REVOKED',
        410,
        'This invite has been withdrawn. Reply to your invite e-mail if you think this is a mistake.',
      ],
      [
        'INVITE_USED',
        410,
        'This invite has already been used to create an account. Sign in with the Google account it was used with.',
      ],
      [
        'INVITE_INVALID',
        404,
        'This invite link is not valid. Open the link from your invite e-mail exactly as it was sent.',
      ],
    ])('explains an invite that cannot be used: %s', async (code, status, text) => {
      answerLookup(status, { statusCode: status, code, message: text });
      renderAuthPage(RegisterPage, `/register?invite=${CODE}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    });

    it('does not even ask about a code that is not one (tampered, cut short)', async () => {
      const sent = answerLookup(200, {});
      renderAuthPage(RegisterPage, '/register?invite=abc');
      expect(await screen.findByRole('alert')).toHaveTextContent('This invite link is not valid.');
      expect(sent).toEqual([]);
    });
  });

  it('explains ?reason=INVITE_REQUIRED with the invite-only text and a link to the waitlist', async () => {
    renderAuthPage(RegisterPage, '/register?reason=INVITE_REQUIRED');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.",
    );
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
  });
});
