import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupportRequestDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { AdminSupportPage } from '../components/support-page';

const ID = '65f1c3e4a5d4e6f8a9b0c1d2';
const open: SupportRequestDto = {
  id: ID,
  kind: 'question',
  party: 'creator',
  accountId: 'acc-asha',
  name: 'Asha Rao',
  email: 'asha@example.com',
  answerBy: 'email',
  deal: null,
  subject: 'Milestone 1 not funded',
  message: 'It has been a week.',
  dealId: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  status: 'open',
  answer: null,
};

/** The support list as the server answers it; an answer turns the request answered. */
function serveSupport() {
  const lists: string[] = [];
  const answers: unknown[] = [];
  let request = open;
  server.use(
    http.get(apiUrl('/api/v1/admin/support-requests'), ({ request: asked }) => {
      const url = new URL(asked.url);
      lists.push(url.search);
      const status = url.searchParams.get('status');
      const items = status === null || status === request.status ? [request] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 25 });
    }),
    http.post(apiUrl(`/api/v1/admin/support-requests/${ID}/answer`), async ({ request: sent }) => {
      answers.push(await sent.json());
      request = {
        ...open,
        status: 'answered',
        answer: { text: 'Funded this morning.', answeredAt: '2026-11-27T06:00:00.000Z' },
      };
      return HttpResponse.json(request, { status: 201 });
    }),
  );
  return { lists, answers };
}

function renderSupportPage() {
  render(
    <TestProviders>
      <AdminSupportPage />
      <Toaster />
    </TestProviders>,
  );
  return userEvent.setup();
}

describe('Back-office → Support', () => {
  it('lists the open requests, server-paged, and answers one', async () => {
    const { lists, answers } = serveSupport();
    const user = renderSupportPage();
    const table = await screen.findByRole('table', { name: 'Support requests' });
    expect(within(table).getByText('Milestone 1 not funded')).toBeInTheDocument();
    expect(lists[0]).toBe('?status=open&page=1&pageSize=25');

    await user.click(
      screen.getByRole('button', { name: 'Answer Asha Rao: Milestone 1 not funded' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Answer: Milestone 1 not funded' });
    await user.type(within(dialog).getByLabelText('Your answer'), 'Funded this morning.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByText('Your answer to Asha Rao is on its way')).toBeInTheDocument();
    expect(answers).toEqual([{ answer: 'Funded this morning.' }]);
    expect(await screen.findByText('No open requests. Well done.')).toBeInTheDocument();
  });

  it('shows the answered ones with their answer', async () => {
    serveSupport();
    const user = renderSupportPage();
    await screen.findByRole('table', { name: 'Support requests' });
    await user.click(
      screen.getByRole('button', { name: 'Answer Asha Rao: Milestone 1 not funded' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your answer'), 'Funded this morning.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await screen.findByText('No open requests. Well done.');

    await user.selectOptions(screen.getByLabelText('Show'), 'Answered');
    expect(await screen.findByText(/Funded this morning\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Answer / })).not.toBeInTheDocument();
  });

  it('marks grievances and filters by kind', async () => {
    const lists: string[] = [];
    const grievance: SupportRequestDto = { ...open, kind: 'grievance', subject: 'My data' };
    server.use(
      http.get(apiUrl('/api/v1/admin/support-requests'), ({ request: asked }) => {
        const url = new URL(asked.url);
        lists.push(url.search);
        const kind = url.searchParams.get('kind');
        const items = [open, grievance].filter((item) => kind === null || item.kind === kind);
        return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 25 });
      }),
    );
    const user = renderSupportPage();
    const table = await screen.findByRole('table', { name: 'Support requests' });
    expect(within(table).getAllByText('Grievance: resolve within 15 days')).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Kind'), 'Grievances');
    await waitFor(() => {
      expect(within(table).queryByText('Milestone 1 not funded')).not.toBeInTheDocument();
    });
    expect(within(table).getByText('My data')).toBeInTheDocument();
    expect(lists.at(-1)).toBe('?status=open&kind=grievance&page=1&pageSize=25');
  });

  it('shows a brand’s request about a deal with the deal’s latest history, answered by SMS', async () => {
    const brands: SupportRequestDto = {
      ...open,
      party: 'brand',
      name: 'Priya',
      email: null,
      answerBy: 'sms',
      subject: 'The reel is late',
      dealId: 'deal-1',
      deal: {
        title: 'Diwali reel',
        state: 'accepted',
        recent: [
          {
            at: '2026-11-26T05:00:00.000Z',
            by: 'creator',
            what: 'milestone “Reel 1”: funded → submitted',
          },
        ],
      },
    };
    server.use(
      http.get(apiUrl('/api/v1/admin/support-requests'), () =>
        HttpResponse.json({ items: [brands], total: 1, page: 1, pageSize: 25 }),
      ),
    );
    const user = renderSupportPage();
    const table = await screen.findByRole('table', { name: 'Support requests' });
    expect(within(table).getByText(/Brand · answer goes by SMS/)).toBeInTheDocument();
    expect(within(table).getByText('Deal “Diwali reel” (accepted)')).toBeInTheDocument();
    const history = within(table).getByRole('list', { name: 'Latest history of the deal' });
    expect(history).toHaveTextContent('creator: milestone “Reel 1”: funded → submitted');

    await user.click(screen.getByRole('button', { name: 'Answer Priya: The reel is late' }));
    expect(
      await screen.findByText('Priya (no e-mail) gets it by SMS and in their notifications.'),
    ).toBeInTheDocument();
  });
});
