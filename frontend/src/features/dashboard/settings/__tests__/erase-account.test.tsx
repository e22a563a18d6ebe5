import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { AuthState } from '@/lib/auth/auth-context';
import { signedIn, testUser } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { AccountErasedPage } from '../components/account-erased-page';
import { SettingsPage } from '../components/settings-page';

const ERASURE = apiUrl('/api/v1/account/erasure');
const KEPT = [
  {
    what: '“Diwali reel”: its signed contract, milestones, history, invoices and the ledger lines of its money',
    why: 'GST law: tax invoices are kept for 72 months',
    until: '2033-12-31',
  },
];

function renderSettings(auth: AuthState = signedIn) {
  server.use(http.get(apiUrl('/api/v1/auth/sessions'), () => HttpResponse.json({ sessions: [] })));
  renderWithProviders(
    <MemoryRouter initialEntries={['/creator/settings#data']}>
      <Routes>
        <Route path="/creator/settings" element={<SettingsPage />} />
        <Route path={paths.accountErased} element={<AccountErasedPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { auth },
  );
}

describe('Settings → Data & privacy: erase my account', () => {
  it('names each milestone whose money refuses it, and offers no button', async () => {
    server.use(
      http.get(ERASURE, () =>
        HttpResponse.json({
          confirmationPhrase: 'ERASE MY ACCOUNT',
          blockers: [
            {
              dealId: 'd1',
              dealTitle: 'Diwali reel',
              milestoneId: 'm1',
              milestoneName: 'Reel 1',
              state: 'funded',
            },
            {
              dealId: 'd1',
              dealTitle: 'Diwali reel',
              milestoneId: 'm2',
              milestoneName: 'Reel 2',
              state: 'disputed',
            },
          ],
          kept: [],
        }),
      ),
    );
    renderSettings();
    expect(
      await screen.findByText('“Reel 1” of “Diwali reel” is funded: its money is held'),
    ).toBeInTheDocument();
    expect(screen.getByText('“Reel 2” of “Diwali reel” is disputed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase my account…' })).not.toBeInTheDocument();
  });

  it('shows what stays, asks for the phrase typed, then shows the receipt', async () => {
    server.use(
      http.get(ERASURE, () =>
        HttpResponse.json({ confirmationPhrase: 'ERASE MY ACCOUNT', blockers: [], kept: KEPT }),
      ),
      http.post(ERASURE, async ({ request }) => {
        const body = (await request.json()) as { confirmation: string };
        return body.confirmation === 'erase my account'
          ? HttpResponse.json({ erasedAt: '2026-11-28T06:00:00.000Z', kept: KEPT })
          : HttpResponse.json({ code: 'VALIDATION_FAILED', message: 'x' }, { status: 400 });
      }),
    );
    renderSettings();
    expect(await screen.findByText('Until 2033-12-31')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Erase my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your account?' });
    const erase = within(dialog).getByRole('button', { name: 'Erase my account' });
    expect(erase).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Type ERASE MY ACCOUNT to confirm'),
      'erase my account',
    );
    await userEvent.click(erase);
    expect(
      await screen.findByRole('heading', { name: 'Your account was erased' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Until 2033-12-31')).toBeInTheDocument();
    expect(screen.getByText(/GST law/)).toBeInTheDocument();
  });

  it('tells the person when money started moving meanwhile (the money won)', async () => {
    server.use(
      http.get(ERASURE, () =>
        HttpResponse.json({ confirmationPhrase: 'ERASE MY ACCOUNT', blockers: [], kept: KEPT }),
      ),
      http.post(ERASURE, () =>
        HttpResponse.json(
          {
            code: 'ACCOUNT_MONEY_MOVING',
            message: 'A payment or release for you is being recorded right now.',
          },
          { status: 409 },
        ),
      ),
    );
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase my account…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'ERASE MY ACCOUNT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(
      await within(dialog).findByText('A payment or release for you is being recorded right now.'),
    ).toBeInTheDocument();
  });

  it('is offered to a brand workspace too, with its nominee and its download', async () => {
    renderSettings({
      status: 'authenticated',
      user: { ...testUser, email: '', phone: '+919876543210', roles: ['brand'] },
    });
    expect(await screen.findByRole('button', { name: 'Erase my account…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(await screen.findByText('You have not named a nominee.')).toBeInTheDocument();
  });
});
