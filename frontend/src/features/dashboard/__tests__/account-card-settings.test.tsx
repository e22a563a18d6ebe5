import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@/lib/auth/auth-context';
import { TestProviders } from '@/testing/test-providers';
import { AccountCard } from '../components/top-bar/account-card';

const creator: AuthUser = {
  displayName: 'Asha Rao',
  email: 'asha@example.com',
  photoURL: null,
  roles: ['creator'],
};
const brand: AuthUser = {
  displayName: 'Meera',
  email: '',
  photoURL: null,
  phone: '+919876543210',
  roles: ['brand'],
};

function renderCard(user: AuthUser) {
  const router = createMemoryRouter([{ path: '*', element: <AccountCard user={user} /> }], {
    initialEntries: ['/somewhere'],
  });
  render(
    <TestProviders auth={{ status: 'authenticated', user }}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { at: () => `${router.state.location.pathname}${router.state.location.hash}` };
}

describe('the account card’s settings entries', () => {
  // Radix's hover card keeps its close-delay timer (250 ms) past unmount: the clock is the test's,
  // so that timer is run while the test's window still exists (it would call into React after
  // jsdom is gone).
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => {
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it.each([
    ['Profile Settings', creator, '/creator/settings#profile'],
    ['Security', creator, '/creator/settings#security'],
    ['Help & Support', creator, '/creator/settings#help'],
    ['Profile Settings', brand, '/brand/settings#profile'],
    ['Security', brand, '/brand/settings#security'],
    ['Help & Support', brand, '/brand/settings#help'],
  ])('%s opens its section of the settings page (%o)', async (label, user, target) => {
    const events = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const card = renderCard(user);
    await events.click(screen.getByRole('button', { name: user.displayName }));
    await events.click(await screen.findByRole('button', { name: label }));
    expect(card.at()).toBe(target);
    // The card closes once the navigation has rendered (Radix unmounts it after its state change).
    await waitFor(() => {
      expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
    });
  });
});
