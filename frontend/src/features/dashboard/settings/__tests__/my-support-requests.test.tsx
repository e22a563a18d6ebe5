import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { MySupportRequests } from '../components/my-support-requests';

describe('Settings → Help & support: your questions and our answers', () => {
  it('shows each question with its reference, and support’s answer when there is one', async () => {
    server.use(
      http.get(apiUrl('/api/v1/account/support-requests'), () =>
        HttpResponse.json({
          items: [
            {
              id: 'ref2',
              subject: 'Invoice question',
              message: 'm',
              dealId: null,
              createdAt: '2026-11-27T06:00:00.000Z',
              status: 'open',
              answer: null,
            },
            {
              id: 'ref1',
              subject: 'Milestone 1 not funded',
              message: 'm',
              dealId: null,
              createdAt: '2026-11-27T05:00:00.000Z',
              status: 'answered',
              answer: { text: 'Funded this morning.', answeredAt: '2026-11-27T06:30:00.000Z' },
            },
          ],
        }),
      ),
    );
    renderWithProviders(<MySupportRequests />, { auth: signedIn });
    expect(await screen.findByText('Milestone 1 not funded')).toBeInTheDocument();
    expect(screen.getByText('Funded this morning.')).toBeInTheDocument();
    expect(screen.getByText(/reference ref2 · Waiting for an answer/)).toBeInTheDocument();
  });
});
