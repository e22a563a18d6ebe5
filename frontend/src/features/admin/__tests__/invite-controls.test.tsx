import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { InviteNextControl, InviteSelectedButton } from '../components/invite-controls';
import { describeWave } from '../invite-wave';

function renderControls(entryIds: string[] = []) {
  let done = 0;
  render(
    <TestProviders>
      <InviteNextControl />
      <InviteSelectedButton
        entryIds={entryIds}
        onDone={() => {
          done += 1;
        }}
      />
      <Toaster />
    </TestProviders>,
  );
  return { user: userEvent.setup(), done: () => done };
}

describe('invite controls', () => {
  it('"Invite next N" sends the number and says what the wave did', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/admin/invites/next'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ waveId: 'w1', invited: 25, resent: 0, skipped: [] });
      }),
    );
    const { user } = renderControls();
    await user.clear(screen.getByLabelText('Invite next'));
    await user.type(screen.getByLabelText('Invite next'), '25');
    await user.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Invited 25')).toBeInTheDocument();
    expect(bodies).toEqual([{ count: 25 }]);
  });

  it('refuses a number outside 1–1,000 before sending anything', async () => {
    const { user } = renderControls();
    await user.clear(screen.getByLabelText('Invite next'));
    await user.type(screen.getByLabelText('Invite next'), '1001');
    expect(screen.getByLabelText('Invite next')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send invites' })).toBeDisabled();
  });

  it('"Invite selected" sends the ticked rows, reports re-sends and skips, and clears the selection', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/admin/invites/selected'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          waveId: 'w2',
          invited: 1,
          resent: 1,
          skipped: [{ entryId: 'c', reason: 'joined' }],
        });
      }),
    );
    const { user, done } = renderControls(['a', 'b', 'c']);
    await user.click(screen.getByRole('button', { name: 'Invite selected' }));
    expect(await screen.findByText('Invited 1 · re-sent 1 · skipped 1')).toBeInTheDocument();
    expect(bodies).toEqual([{ entryIds: ['a', 'b', 'c'] }]);
    expect(done()).toBe(1);
  });

  it('says plainly when nothing was sent', () => {
    expect(describeWave({ waveId: null, invited: 0, resent: 0, skipped: [] })).toBe(
      'Nothing sent: no confirmed entries are waiting for an invite',
    );
    expect(
      describeWave({
        waveId: null,
        invited: 0,
        resent: 0,
        skipped: [{ entryId: 'x', reason: 'revoked' }],
      }),
    ).toBe('Nothing sent: 1 skipped (not confirmed, joined or revoked)');
  });
});
