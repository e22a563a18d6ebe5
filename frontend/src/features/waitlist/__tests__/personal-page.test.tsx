import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { PersonalPage } from '../components/personal-page';

const ME = apiUrl('/api/v1/extra/waitlist/me');
const SESSION = apiUrl('/api/v1/extra/waitlist/me/session');
const LINKS = apiUrl('/api/v1/extra/waitlist/personal-links');
const TOKEN = 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E';

const PAGE = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  pendingEmail: null,
  phoneNumber: '9876543210',
  instagramHandle: 'asha.creates',
  userType: 'influencer',
  status: 'confirmed',
  seat: 42,
  earlyAccess: true,
  slotsLeft: 958,
  joinedAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: '2026-11-20T10:05:00.000Z',
  consent: { privacyNoticeVersion: '2026-11-23', consentedAt: '2026-11-20T10:00:00.000Z' },
  grievanceEmail: 'privacy@paylock.in',
};

const apiError = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  message,
  requestId: 'request-1',
});

function renderPage(search = '') {
  const router = createMemoryRouter([{ path: '/waitlist/me', element: <PersonalPage /> }], {
    initialEntries: [`/waitlist/me${search}`],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { user: userEvent.setup(), location: () => router.state.location };
}

describe('PersonalPage', () => {
  it('without an open page, asks for the address and answers the same whatever it is', async () => {
    server.use(
      http.get(ME, () =>
        HttpResponse.json(apiError(401, 'PERSONAL_SESSION_REQUIRED', 'closed'), { status: 401 }),
      ),
      http.post(LINKS, () =>
        HttpResponse.json(
          {
            success: true,
            message: "If that address is on the list, we've e-mailed you a link.",
          },
          { status: 202 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'E-mail me a link' }));
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is required');
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If that address is on the list, we've e-mailed you a link.",
    );
  });

  it('exchanges the link’s token once, drops it from the address, and shows the entry', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(SESSION, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(PAGE);
      }),
      http.get(ME, () => HttpResponse.json(PAGE)),
    );
    const { location } = renderPage(`?token=${TOKEN}`);
    const details = await screen.findByRole('region', { name: 'Your place on the list' });
    expect(details).toHaveTextContent('asha@example.com');
    expect(details).toHaveTextContent('#42 (early access: slot 42 of 1,000)');
    expect(details).toHaveTextContent('Privacy notice version 2026-11-23');
    expect(screen.getByRole('link', { name: 'privacy@paylock.in' })).toHaveAttribute(
      'href',
      'mailto:privacy@paylock.in',
    );
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(location().search).toBe('');
  });

  it('explains a used link and offers a new one', async () => {
    server.use(
      http.post(SESSION, () =>
        HttpResponse.json(apiError(409, 'PERSONAL_LINK_USED', 'used'), { status: 409 }),
      ),
    );
    renderPage(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used');
    expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeVisible();
  });

  it('erases only after the confirmation step', async () => {
    let erased = 0;
    server.use(
      http.get(ME, () => HttpResponse.json(PAGE)),
      http.delete(ME, () => {
        erased += 1;
        return HttpResponse.json({ success: true, message: 'erased' });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    expect(erased).toBe(0);
    const confirm = screen.getByRole('button', { name: 'Yes, erase my data' });
    await waitFor(() => {
      expect(confirm).toHaveFocus();
    });
    await user.click(confirm);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your data is erased' }),
    ).toBeVisible();
    expect(erased).toBe(1);
  });
});
