import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { signedIn, signedOut } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { ContactEmailConfirmPage } from '../components/contact-email-confirm-page';
import { ContactEmailForm } from '../components/contact-email-form';

const CONTACT_URL = apiUrl('/api/v1/auth/me/contact-email');
const CONFIRM_URL = apiUrl('/api/v1/auth/contact-email/confirmations');
const TOKEN = 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E';

function renderForm() {
  renderWithProviders(
    <MemoryRouter>
      <ContactEmailForm />
      <Toaster />
    </MemoryRouter>,
    { auth: signedIn },
  );
}

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderConfirm(search: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/account/contact-email${search}`]}>
      <Routes>
        <Route path="/account/contact-email" element={<ContactEmailConfirmPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
    { auth: signedOut },
  );
}

describe('Settings → Profile: the contact e-mail', () => {
  it('says where notices go, sends a link to the new address and shows it as pending', async () => {
    const asked: unknown[] = [];
    server.use(
      http.put(CONTACT_URL, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(
          {
            contactEmail: null,
            pendingEmail: 'asha.work@example.com',
            mailedTo: 'asha@example.com',
          },
          { status: 202 },
        );
      }),
    );
    renderForm();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New contact e-mail'), 'Asha.Work@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(asked).toEqual([{ email: 'Asha.Work@example.com' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Waiting for you to open the link we sent to asha.work@example.com',
    );
    expect(
      await screen.findByText('We sent a link to asha.work@example.com. Open it to confirm.'),
    ).toBeInTheDocument();
  });

  it('tells a brand without an address that notices come in the app and by SMS, and sends its first link', async () => {
    const asked: unknown[] = [];
    server.use(
      http.get(CONTACT_URL, () =>
        HttpResponse.json({ contactEmail: null, pendingEmail: null, mailedTo: null }),
      ),
      http.put(CONTACT_URL, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(
          { contactEmail: null, pendingEmail: 'accounts@chai.example', mailedTo: null },
          { status: 202 },
        );
      }),
    );
    renderWithProviders(
      <MemoryRouter>
        <ContactEmailForm />
        <Toaster />
      </MemoryRouter>,
      {
        auth: {
          status: 'authenticated',
          user: {
            displayName: 'Meera',
            email: '',
            photoURL: null,
            phone: '+919876543210',
            roles: ['brand'],
          },
        },
      },
    );
    expect(
      await screen.findByText(
        'You have no contact e-mail yet: notices come in the app and by SMS.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New contact e-mail'), 'accounts@chai.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(asked).toEqual([{ email: 'accounts@chai.example' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Waiting for you to open the link we sent to accounts@chai.example',
    );
  });

  it('shows the server’s message under the field when it refuses the address', async () => {
    server.use(
      http.put(CONTACT_URL, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { email: 'email must be an e-mail address like name@example.com' },
          },
          { status: 400 },
        ),
      ),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('New contact e-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText('email must be an e-mail address like name@example.com'),
    ).toBeInTheDocument();
  });

  it('shows the daily limit’s message', async () => {
    server.use(
      http.put(CONTACT_URL, () =>
        HttpResponse.json(
          {
            code: 'TOO_MANY_CONTACT_EMAIL_CHANGES',
            message: 'You have asked for too many e-mail changes today. Please try again tomorrow.',
          },
          { status: 429 },
        ),
      ),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('New contact e-mail'), 'x@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(
        'You have asked for too many e-mail changes today. Please try again tomorrow.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the page the mailed link opens', () => {
  it('sends the token once, takes it out of the address bar and shows the new address', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post(CONFIRM_URL, async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ contactEmail: 'asha.work@example.com' });
      }),
    );
    renderConfirm(`?token=${TOKEN}`);
    expect(await screen.findByText(/from now on/)).toHaveTextContent(
      'Paylock sends your notices to asha.work@example.com from now on.',
    );
    expect(tokens).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/account\/contact-email$/);
  });

  it('shows the server’s refusal of a used or replaced link', async () => {
    server.use(
      http.post(CONFIRM_URL, () =>
        HttpResponse.json(
          {
            code: 'CONTACT_EMAIL_LINK_NOT_VALID',
            message:
              'This link is not valid. It may have been used already, or a newer one was sent.',
          },
          { status: 404 },
        ),
      ),
    );
    renderConfirm(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. It may have been used already, or a newer one was sent.',
    );
  });

  it('sends nothing for a cut-short link', async () => {
    let calls = 0;
    server.use(
      http.post(CONFIRM_URL, () => {
        calls += 1;
        return HttpResponse.json({ contactEmail: 'x@example.com' });
      }),
    );
    renderConfirm('?token=short');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(calls).toBe(0);
  });
});
