import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBrandProfile } from '@/api/generated/sdk.gen';
import type { AuthState } from '@/lib/auth/auth-context';
import { installSessionRefresh } from '@/lib/auth/session';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { ReauthDialog } from '../reauth-dialog';

const PROFILE_URL = apiUrl('/api/v1/brand/profile');
const CODES_URL = apiUrl('/api/v1/brand/reauthentication/codes');
const CONFIRM_URL = apiUrl('/api/v1/brand/reauthentication');
const signedInBrand: AuthState = {
  status: 'authenticated',
  user: {
    displayName: 'Chai Point',
    email: '',
    photoURL: null,
    phone: '+919876543210',
    roles: ['brand'],
  },
};
const REQUIRED = {
  statusCode: 403,
  code: 'REAUTHENTICATION_REQUIRED',
  message: 'Please confirm it is you before making this change.',
};
const profile = { companyName: 'Chai Point Media', contactName: 'Meera Iyer' };

describe('Confirm it is you: a refused change asks for a fresh proof and is sent again', () => {
  beforeAll(() => {
    installSessionRefresh();
  });

  it('asks a brand for a new SMS code, then sends the same change again', async () => {
    const sentProfiles: unknown[] = [];
    const codes: unknown[] = [];
    let confirmed = false;
    server.use(
      http.put(PROFILE_URL, async ({ request }) => {
        sentProfiles.push(await request.json());
        return confirmed
          ? HttpResponse.json({ phone: '+919876543210', ...profile, profileRequired: false })
          : HttpResponse.json(REQUIRED, { status: 403 });
      }),
      http.post(CODES_URL, () =>
        HttpResponse.json(
          {
            success: true,
            maskedPhone: '+91 98XXXXXX10',
            resendAfterSeconds: 60,
            expiresInSeconds: 600,
          },
          { status: 202 },
        ),
      ),
      http.post(CONFIRM_URL, async ({ request }) => {
        codes.push(await request.json());
        confirmed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<ReauthDialog />, { auth: signedInBrand });

    const saved = updateBrandProfile({ body: profile });
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 98XXXXXX10.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('6-digit code'), '042917');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const { data } = await saved;
    expect(data?.companyName).toBe('Chai Point Media');
    expect(codes).toEqual([{ code: '042917' }]);
    expect(sentProfiles).toEqual([profile, profile]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the change refused when the person cancels', async () => {
    server.use(http.put(PROFILE_URL, () => HttpResponse.json(REQUIRED, { status: 403 })));
    renderWithProviders(<ReauthDialog />, { auth: signedIn });
    const saved = updateBrandProfile({ body: profile });
    expect(await screen.findByText(/Please sign in with Google again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const { error, response } = await saved;
    expect(response?.status).toBe(403);
    expect(error).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
  });
});
