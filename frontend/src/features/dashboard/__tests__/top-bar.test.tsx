import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { AuthUser } from '@/lib/auth/auth-context';
import { resetSessionForTests, sessionStore } from '@/lib/auth/session';
import { renderWithProviders } from '@/testing/render';
import { apiUrl, server } from '@/testing/msw-server';
import { renderShell } from './render-shell';
import { setViewportWidth } from '@/testing/match-media';

const asha: AuthUser = {
  displayName: 'Asha Rao',
  email: 'asha@example.com',
  photoURL: 'https://photos.example.com/asha.png',
  roles: ['creator'] as const,
};

const renderAs = (user: AuthUser) =>
  renderShell('/creator/dashboard/overview', { auth: { status: 'authenticated', user } });

const avatar = (name = 'Asha Rao') => screen.getByRole('button', { name });
const accountCard = () => screen.findByRole('group', { name: 'Account' });

beforeEach(() => {
  setViewportWidth(1280);
});

afterEach(() => {
  resetSessionForTests();
});

describe('the top bar', () => {
  it('has the sidebar toggle and the theme toggle (the bell is the app’s: features/notifications)', () => {
    renderAs(asha);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Close sidebar' })).toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: /Switch to (dark|light) theme/ }),
    ).toBeVisible();
    expect(within(banner).queryByRole('img', { name: 'Notifications: 2' })).not.toBeInTheDocument();
  });

  it('shows the avatar photo with the name, and an icon once the photo fails to load', () => {
    renderAs(asha);
    const photo = avatar().querySelector('img');
    expect(photo).toHaveAttribute('src', asha.photoURL);
    expect(within(avatar()).queryByTestId('avatar-icon')).not.toBeInTheDocument();

    if (photo) fireEvent.error(photo);
    expect(avatar().querySelector('img')).toBeNull();
    expect(within(avatar()).getByTestId('avatar-icon')).toBeInTheDocument();
  });

  it('shows the icon when there is no photo at all', () => {
    renderAs({ ...asha, photoURL: null });
    expect(within(avatar()).getByTestId('avatar-icon')).toBeInTheDocument();
  });
});

describe('the account card', () => {
  it('opens on hovering the avatar, with the name, e-mail and entries', async () => {
    const user = userEvent.setup();
    renderAs(asha);
    await user.hover(avatar());
    const card = await accountCard();
    expect(within(card).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(card).getByText('asha@example.com')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((entry) => entry.textContent),
    ).toEqual(['Profile Settings', 'Security', 'Help & Support', 'Sign Out']);
    expect(avatar()).toHaveAttribute('aria-expanded', 'true');
  });

  it('says User and No email provided when the profile has neither', async () => {
    const user = userEvent.setup();
    renderAs({ displayName: '', email: '', photoURL: null, roles: ['creator'] });
    await user.hover(avatar('User'));
    const card = await accountCard();
    expect(within(card).getByText('User')).toBeInTheDocument();
    expect(within(card).getByText('No email provided')).toBeInTheDocument();
  });

  it('opens on keyboard focus; Tab and the arrow keys go through it; Escape returns', async () => {
    const user = userEvent.setup();
    renderAs(asha);
    act(() => {
      avatar().focus();
    });
    const card = await accountCard();
    const entry = (name: string | RegExp) => within(card).getByRole('button', { name });

    await user.keyboard('{Tab}');
    expect(entry(/Profile Settings/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(entry(/Security/)).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(entry(/Help & Support/)).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(entry('Sign Out')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(entry(/Help & Support/)).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
    expect(avatar()).toHaveFocus();
    expect(avatar()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the keyboard with ArrowDown, and closes once focus leaves it', async () => {
    const user = userEvent.setup();
    renderAs(asha);
    act(() => {
      avatar().focus();
    });
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    const card = await accountCard();
    expect(within(card).getByRole('button', { name: /Profile Settings/ })).toHaveFocus();

    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(avatar()).toHaveFocus();
    expect(card).toBeInTheDocument();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('signs out for real from Sign Out', async () => {
    const logoutCalls: string[] = [];
    server.use(
      http.post(apiUrl('/api/v1/auth/logout'), ({ request }) => {
        logoutCalls.push(request.headers.get('X-Requested-With') ?? 'no CSRF header');
        return HttpResponse.json({ success: true, message: 'Logout Successfull' });
      }),
    );
    const user = userEvent.setup();
    renderAs(asha);
    renderWithProviders(<Toaster />);
    await user.hover(avatar());
    await user.click(within(await accountCard()).getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logout Successfull')).toBeInTheDocument();
    expect(logoutCalls).toHaveLength(1);
    expect(sessionStore.getSnapshot()).toMatchObject({
      status: 'unauthenticated',
      signedOutByUser: true,
    });
  });
});
