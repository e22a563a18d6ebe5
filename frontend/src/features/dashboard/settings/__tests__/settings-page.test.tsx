import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { describe, expect, it } from 'vitest';
import type { AccountSessionDto } from '@/api/generated/types.gen';
import type { AuthUser } from '@/lib/auth/auth-context';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { SettingsPage } from '../components/settings-page';

const SESSIONS_URL = apiUrl('/api/v1/auth/sessions');
const ME_URL = apiUrl('/api/v1/auth/me');
const signedInUser = signedIn.user;

const laptop: AccountSessionDto = {
  id: 'session-laptop',
  browser: 'Firefox 133',
  os: 'Windows 10',
  platform: 'desktop',
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-27T09:30:00.000Z',
  current: true,
};
const phone: AccountSessionDto = {
  id: 'session-phone',
  browser: 'Chrome 131',
  os: 'Android 14',
  platform: 'mobile',
  firstSeenAt: '2026-11-22T08:00:00.000Z',
  lastActiveAt: '2026-11-26T18:00:00.000Z',
  current: false,
};
const unknown: AccountSessionDto = {
  ...phone,
  id: 'session-unknown',
  browser: null,
  os: null,
  platform: 'unknown',
};

/** The API's sessions, ended as the page asks; records what it was asked. */
function serveSessions(initial: AccountSessionDto[]) {
  let sessions = initial;
  const calls: string[] = [];
  server.use(
    http.get(SESSIONS_URL, () => HttpResponse.json({ sessions })),
    http.delete(`${SESSIONS_URL}/:id`, ({ params, request }) => {
      calls.push(`DELETE ${String(params.id)} ${request.headers.get('X-Requested-With') ?? ''}`);
      sessions = sessions.filter((session) => session.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${SESSIONS_URL}/revoke-others`, () => {
      calls.push('POST revoke-others');
      const revoked = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return HttpResponse.json({ revoked });
    }),
  );
  return calls;
}

function renderSettings(user?: AuthUser, at = '/creator/settings') {
  const auth = user ? { status: 'authenticated' as const, user } : signedIn;
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <SettingsPage />
      <Toaster />
    </MemoryRouter>,
    { auth },
  );
}

const sessionList = () => screen.findByRole('list', { name: 'Active sessions' });

describe('the settings page', () => {
  it('gathers Profile, Security, Data & privacy and Help, and says nothing is coming soon', async () => {
    serveSessions([laptop]);
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Profile', 'Security', 'Data & privacy', 'Help & support']);
    await sessionList();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it('lists where the account is signed in, this device marked and not offered a sign-out', async () => {
    serveSessions([laptop, phone, unknown]);
    renderSettings();
    const items = within(await sessionList()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/ on |Unknown browser/).textContent)).toEqual(
      ['Firefox 133 on Windows 10This device', 'Chrome 131 on Android 14', 'Unknown browser'],
    );
    expect(within(items[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]?.textContent).toMatch(/Signed in 22 Nov 2026.* · Last active 26 Nov 2026/s);
  });

  it('signs one session out with the CSRF header, and the list no longer shows it', async () => {
    const user = userEvent.setup();
    const calls = serveSessions([laptop, phone]);
    renderSettings();
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out Chrome 131 on Android 14' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE session-phone paylock']);
    expect(screen.queryByText('Chrome 131 on Android 14')).not.toBeInTheDocument();
  });

  it('signs out everywhere else, leaving this device', async () => {
    const user = userEvent.setup();
    const calls = serveSessions([laptop, phone, unknown]);
    renderSettings();
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(calls).toEqual(['POST revoke-others']);
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('tells the refusal when a session cannot be signed out', async () => {
    const user = userEvent.setup();
    serveSessions([laptop, phone]);
    server.use(
      http.delete(`${SESSIONS_URL}/:id`, () =>
        HttpResponse.json(
          {
            statusCode: 404,
            code: 'SESSION_NOT_FOUND',
            message: 'This session is not one of your active sessions. It may have ended already.',
          },
          { status: 404 },
        ),
      ),
    );
    renderSettings();
    await sessionList();
    await user.click(screen.getByRole('button', { name: 'Sign out Chrome 131 on Android 14' }));
    expect(
      await screen.findByText(
        'This session is not one of your active sessions. It may have ended already.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out Chrome 131 on Android 14' })).toBeEnabled();
  });

  it('shows a brand its mobile number and the way to its company profile', async () => {
    serveSessions([laptop]);
    renderSettings(
      { displayName: 'Meera', email: '', photoURL: null, phone: '+919876543210', roles: ['brand'] },
      '/brand/settings',
    );
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'company profile' })).toHaveAttribute(
      'href',
      '/brand/profile',
    );
    expect(screen.queryByRole('link', { name: 'Wallet settings' })).not.toBeInTheDocument();
    await sessionList();
  });

  it('saves the creator’s display name and shows the server’s answer', async () => {
    const user = userEvent.setup();
    serveSessions([laptop]);
    let sent: unknown;
    server.use(
      http.patch(ME_URL, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...signedInUser, displayName: 'Asha Verma' });
      }),
    );
    renderSettings();
    const field = screen.getByRole('textbox', { name: 'Display name' });
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Asha   Verma ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name is saved.')).toBeInTheDocument();
    expect(sent).toEqual({ displayName: '  Asha   Verma ' });
    expect(field).toHaveValue('Asha Verma');
  });

  it('shows the server’s message under the field when it refuses the name', async () => {
    const user = userEvent.setup();
    serveSessions([laptop]);
    const message = "displayName may hold only letters, digits, spaces and . , ' ’ ( ) -";
    server.use(
      http.patch(ME_URL, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { displayName: message },
          },
          { status: 400 },
        ),
      ),
    );
    renderSettings();
    const field = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(field);
    await user.type(field, '<b>Asha</b>');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('brings the section the address names into focus', async () => {
    serveSessions([laptop]);
    renderSettings(undefined, '/creator/settings#security');
    expect(await screen.findByRole('region', { name: 'Security' })).toHaveFocus();
  });
});
