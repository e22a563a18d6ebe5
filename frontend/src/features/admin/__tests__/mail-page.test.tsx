import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboxMessageDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { AdminMailPage } from '../components/mail-page';

const ID = '0b8f1c3e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const REFUSAL = '550 5.1.1 Recipient address rejected';

const failed: OutboxMessageDto = {
  id: ID,
  kind: 'waitlist-confirmation',
  recipientEmail: 'asha@example.com',
  subject: 'Confirm your place on the Paylock waitlist',
  status: 'failed',
  attempts: 1,
  lastError: REFUSAL,
  createdAt: '2026-11-23T05:00:00.000Z',
  sentAt: null,
  failedAt: '2026-11-23T05:00:01.000Z',
  nextAttemptAt: null,
};

/** The outbox as the server answers it; a retry turns the message queued. */
function serveOutbox() {
  const lists: string[] = [];
  let message = failed;
  server.use(
    http.get(apiUrl('/api/v1/admin/mail'), ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      const status = url.searchParams.get('status');
      const items = status === null || status === message.status ? [message] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 25 });
    }),
    http.post(apiUrl(`/api/v1/admin/mail/${ID}/retry`), () => {
      message = {
        ...failed,
        status: 'queued',
        failedAt: null,
        nextAttemptAt: '2026-11-23T05:10:00.000Z',
      };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return lists;
}

function renderMailPage() {
  render(
    <TestProviders>
      <AdminMailPage />
      <Toaster />
    </TestProviders>,
  );
  return userEvent.setup();
}

describe('AdminMailPage', () => {
  it('shows a failed message with the SMTP answer, filters by status and retries it', async () => {
    const lists = serveOutbox();
    const user = renderMailPage();

    const table = await screen.findByRole('table', { name: /Outbox messages/ });
    expect(await within(table).findByText(REFUSAL)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /asha@example\.com/ })).toHaveTextContent(
      /Failed.*Failed \d/,
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(lists).toContain('?status=failed&page=1&pageSize=25');

    await user.click(screen.getByRole('button', { name: 'Retry the e-mail to asha@example.com' }));
    expect(
      await screen.findByText('The e-mail to asha@example.com is queued again'),
    ).toBeInTheDocument();
    // Read anew: no longer failed, so gone from the failed filter.
    expect(await screen.findByText('No messages in this status.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    // The empty state stood in for the table: the list is a table again.
    const again = await screen.findByRole('table', { name: /Outbox messages/ });
    expect(await within(again).findByText('Queued')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});
