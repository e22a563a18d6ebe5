import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BrandDealDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { SettingsPage } from '../components/settings-page';

const SUPPORT_URL = apiUrl('/api/v1/account/support-requests');
const brandUser = {
  displayName: 'Meera',
  email: '',
  photoURL: null,
  phone: '+919876543210',
  roles: ['brand' as const],
};

const deal = (id: string, title: string, acceptedBy: BrandDealDto['acceptedBy']): BrandDealDto => ({
  id,
  title,
  acceptedBy,
  campaign: null,
  creatorName: 'Asha Rao',
  linkExpiresAt: null,
  milestoneCount: 2,
  sentAt: '2026-11-20T10:00:00.000Z',
  state: 'accepted',
  totalPaise: 5_000_000,
  updatedAt: '2026-11-21T10:00:00.000Z',
});

/** The brand's deals, its requests (one answered) and the request it sends. */
function serveBrandSupport() {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('/api/v1/auth/sessions'), () => HttpResponse.json({ sessions: [] })),
    http.get(apiUrl('/api/v1/brand/deals'), () =>
      HttpResponse.json({
        items: [
          deal('deal-ours', 'Diwali reel', 'this-workspace'),
          deal('deal-mailed', 'Holi post', 'email'),
        ],
      }),
    ),
    http.get(SUPPORT_URL, () =>
      HttpResponse.json({
        items: [
          {
            id: 'ref-1',
            kind: 'question',
            subject: 'Invoice missing',
            message: 'Where is it?',
            dealId: null,
            createdAt: '2026-11-25T10:00:00.000Z',
            status: 'answered',
            answer: {
              text: 'It is on the deal’s page now.',
              answeredAt: '2026-11-26T10:00:00.000Z',
            },
          },
        ],
      }),
    ),
    http.post(SUPPORT_URL, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(
        { id: 'ref-2', createdAt: '2026-11-27T10:00:00.000Z' },
        { status: 201 },
      );
    }),
  );
  return sent;
}

describe('Brand settings → Help & support', () => {
  it('contacts support about a deal the workspace accepted (preselected from the deal’s link) and lists the answers', async () => {
    const sent = serveBrandSupport();
    renderWithProviders(
      <MemoryRouter initialEntries={['/brand/settings?deal=deal-ours#help']}>
        <SettingsPage />
        <Toaster />
      </MemoryRouter>,
      { auth: { status: 'authenticated', user: brandUser } },
    );
    const form = await screen.findByRole('form', { name: 'Ask our support team' });
    const select = await within(form).findByLabelText('About a deal (optional)');
    // Only the deals this workspace accepted: support can look into those for it.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No deal', 'Diwali reel']);
    expect(select).toHaveValue('deal-ours');

    await userEvent.type(within(form).getByLabelText('Subject'), 'Reel is late');
    await userEvent.type(within(form).getByLabelText('Your question'), 'Can you check?');
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }));
    expect(
      await screen.findByText('Your question is with our support team (reference ref-2).'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { kind: 'question', subject: 'Reel is late', message: 'Can you check?', dealId: 'deal-ours' },
    ]);
    expect(screen.getByText('It is on the deal’s page now.')).toBeInTheDocument();
  });
});
