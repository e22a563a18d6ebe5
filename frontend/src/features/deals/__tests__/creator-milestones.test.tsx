import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DealDto, HistoryEntryDto, MilestoneMoneyDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { CreatorMilestones } from '../components/creator-milestones';
import { dealMoney, disputed, milestoneMoney } from './money-fixtures';

/** The parts of a deal the milestones section reads (the rest of DealDto is not shown here). */
const dealWith = (milestones: MilestoneMoneyDto[], history: HistoryEntryDto[] = []) =>
  ({
    id: 'd1',
    state: 'accepted',
    approvalWindowDays: 7,
    revisionRounds: 2,
    milestones,
    history,
  }) as unknown as DealDto;

/** A milestone move of the deal's history (the deal's own state unchanged). */
const move = (
  at: string,
  by: HistoryEntryDto['by'],
  milestone: NonNullable<HistoryEntryDto['milestone']>,
): HistoryEntryDto => ({ at, by, from: 'accepted', to: 'accepted', version: 1, milestone });

function serveCreatorMoves() {
  const bodies: { path: string; body: unknown }[] = [];
  server.use(
    http.post(apiUrl('/api/v1/deals/d1/milestones/m1/submission'), async ({ request }) => {
      bodies.push({ path: 'submission', body: await request.json() });
      return HttpResponse.json(dealMoney([milestoneMoney({ state: 'submitted' })]));
    }),
    http.post(apiUrl('/api/v1/deals/d1/milestones/m1/dispute'), async ({ request }) => {
      bodies.push({ path: 'dispute', body: await request.json() });
      return HttpResponse.json(dealMoney([milestoneMoney({ state: 'disputed' })]));
    }),
    http.post(apiUrl('/api/v1/deals/d1/milestones/m1/dispute/answer'), async ({ request }) => {
      bodies.push({ path: 'dispute/answer', body: await request.json() });
      return HttpResponse.json(dealMoney([milestoneMoney({ state: 'disputed' })]));
    }),
  );
  return bodies;
}

function renderMilestones(milestones: MilestoneMoneyDto[], history: HistoryEntryDto[] = []) {
  renderWithProviders(
    <>
      <CreatorMilestones deal={dealWith(milestones, history)} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const funded = milestoneMoney({ state: 'funded', fundedAt: '2026-11-25T10:00:00.000Z' });

describe('The creator’s milestones', () => {
  it('shows each milestone’s money state in Indian notation, and what waits for the brand', () => {
    renderMilestones([
      milestoneMoney(),
      milestoneMoney({ id: 'm2', name: 'Story', amountPaise: 5_000_050, state: 'released' }),
    ]);
    const first = screen.getByRole('listitem', { name: 'Reel goes live' });
    expect(within(first).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(first).getByText(/Waiting for the brand to pay/)).toBeInTheDocument();
    expect(within(first).queryByRole('button')).toBeNull();
    const second = screen.getByRole('listitem', { name: 'Story' });
    expect(within(second).getByText('Released')).toBeInTheDocument();
    expect(within(second).getByText('₹50,000.50')).toBeInTheDocument();
    expect(screen.getByText(/Up to 2 rounds of changes/)).toBeInTheDocument();
  });

  it('checks the delivery’s links before sending them with the note', async () => {
    const bodies = serveCreatorMoves();
    const user = renderMilestones([funded]);
    await user.click(screen.getByRole('button', { name: 'Submit delivery' }));
    const form = screen.getByRole('form', { name: 'Deliver Reel goes live' });
    const links = within(form).getByLabelText(/Links to the delivered posts/);

    await user.click(within(form).getByRole('button', { name: 'Send the delivery' }));
    expect(links).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Add at least one link to the delivered work')).toBeVisible();

    await user.type(links, 'https://www.instagram.com/reel/abc/{enter}http://insecure.example/x');
    await user.click(within(form).getByRole('button', { name: 'Send the delivery' }));
    expect(
      await within(form).findByText(/Link 2 must be a full https:\/\/ address/),
    ).toBeInTheDocument();

    await user.clear(links);
    await user.type(
      links,
      'https://www.instagram.com/reel/abc/{enter}{enter}https://youtu.be/xyz{enter}',
    );
    await user.type(within(form).getByLabelText(/Note for the brand/), 'Both are live');
    await user.click(within(form).getByRole('button', { name: 'Send the delivery' }));
    expect(
      await screen.findByText('Delivered: the brand has been asked to approve it'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        path: 'submission',
        body: {
          links: ['https://www.instagram.com/reel/abc/', 'https://youtu.be/xyz'],
          note: 'Both are live',
        },
      },
    ]);
  });

  it('refuses more than ten links', async () => {
    const bodies = serveCreatorMoves();
    const user = renderMilestones([funded]);
    await user.click(screen.getByRole('button', { name: 'Submit delivery' }));
    const links = screen.getByLabelText(/Links to the delivered posts/);
    await user.click(links);
    await user.paste(
      Array.from({ length: 11 }, (_, index) => `https://example.com/${String(index)}`).join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Send the delivery' }));
    expect(await screen.findByText('At most 10 links')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('opens a dispute only with a reason, after confirming', async () => {
    const bodies = serveCreatorMoves();
    const user = renderMilestones([funded]);
    await user.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a dispute?' });
    expect(dialog).toHaveTextContent('stays secured with Razorpay');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Not paid after 3 weeks');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(await screen.findByText('Dispute opened')).toBeInTheDocument();
    expect(bodies).toEqual([{ path: 'dispute', body: { reason: 'Not paid after 3 weeks' } }]);
  });

  it('answers the brand’s dispute with a note, after confirming', async () => {
    const bodies = serveCreatorMoves();
    const user = renderMilestones([disputed('brand')]);
    await user.click(screen.getByRole('button', { name: 'Answer the dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the dispute?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Your answer/), 'Tagged since noon');
    await user.click(within(dialog).getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('Answer sent to Paylock')).toBeInTheDocument();
    expect(bodies).toEqual([{ path: 'dispute/answer', body: { note: 'Tagged since noon' } }]);
  });

  it('shows an answer given, and offers no second one', () => {
    renderMilestones([
      disputed('brand', {
        answer: { by: 'creator', note: 'Tagged since noon', at: '2026-11-26T10:00:00.000Z' },
      }),
    ]);
    expect(screen.getByText(/The creator answered on/)).toBeInTheDocument();
    expect(screen.getByText('Tagged since noon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Answer the dispute' })).toBeNull();
  });

  it('offers no answer to the creator’s own dispute', () => {
    renderMilestones([disputed('creator', { reason: 'Not paid after 3 weeks' })]);
    expect(screen.queryByRole('button', { name: 'Answer the dispute' })).toBeNull();
  });

  it('offers no delivery or dispute on a deal cancelled by agreement (its refund is on its way)', () => {
    renderWithProviders(<CreatorMilestones deal={{ ...dealWith([funded]), state: 'cancelled' }} />);
    const card = screen.getByRole('listitem', { name: 'Reel goes live' });
    expect(within(card).getByText('Payment secured')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows each milestone’s own history, oldest first, with times in IST', async () => {
    const user = renderMilestones(
      [
        milestoneMoney({ state: 'settled' }),
        milestoneMoney({ id: 'm2', name: 'Story', state: 'funded' }),
      ],
      [
        move('2026-11-20T04:30:00.000Z', 'brand', {
          id: 'm1',
          action: 'fund',
          from: 'pending',
          to: 'funded',
        }),
        move('2026-11-20T05:00:00.000Z', 'brand', {
          id: 'm2',
          action: 'fund',
          from: 'pending',
          to: 'funded',
        }),
        move('2026-11-21T10:00:00.000Z', 'creator', {
          id: 'm1',
          action: 'submit',
          from: 'funded',
          to: 'submitted',
        }),
        move('2026-11-22T10:00:00.000Z', 'brand', {
          id: 'm1',
          action: 'request_changes',
          from: 'submitted',
          to: 'changes_requested',
        }),
        move('2026-11-23T10:00:00.000Z', 'creator', {
          id: 'm1',
          action: 'submit',
          from: 'changes_requested',
          to: 'submitted',
        }),
        move('2026-11-30T10:00:00.000Z', 'system', {
          id: 'm1',
          action: 'approve',
          from: 'submitted',
          to: 'approved',
        }),
        move('2026-11-30T10:00:05.000Z', 'system', {
          id: 'm1',
          action: 'release',
          from: 'approved',
          to: 'released',
        }),
        move('2026-12-01T18:45:00.000Z', 'system', {
          id: 'm1',
          action: 'settle',
          from: 'released',
          to: 'settled',
        }),
      ],
    );
    const first = screen.getByRole('listitem', { name: 'Reel goes live' });
    await user.click(within(first).getByText('History (7)'));
    const steps = within(first).getByRole('list', { name: 'History of Reel goes live' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Funded20 Nov 2026, 10:00 IST',
      'Submitted21 Nov 2026, 15:30 IST',
      'Sent back for changes22 Nov 2026, 15:30 IST',
      'Submitted again23 Nov 2026, 15:30 IST',
      'Approved automatically30 Nov 2026, 15:30 IST',
      'Released30 Nov 2026, 15:30 IST',
      'Settled to the bank2 Dec 2026, 00:15 IST',
    ]);
    const second = screen.getByRole('listitem', { name: 'Story' });
    expect(within(second).getByText('History (1)')).toBeInTheDocument();
  });

  it('shows no history for a milestone nothing happened to yet', () => {
    renderMilestones([milestoneMoney()]);
    const first = screen.getByRole('listitem', { name: 'Reel goes live' });
    expect(within(first).queryByText(/^History/)).toBeNull();
  });
});
