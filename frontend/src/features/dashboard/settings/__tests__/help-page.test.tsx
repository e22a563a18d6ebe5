import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Toaster } from '@/components/ui/toaster';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { HelpPage } from '../components/help-page';
import { dealStateHelp, milestoneStateHelp } from '../help/help-entries';

// The contract the server exports from its own state tables (DEAL_STATES, MILESTONE_STATES).
const openapi = parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../../../openapi.yaml'), 'utf8'),
) as { components: { schemas: Record<string, { enum?: string[] }> } };
const enumOf = (name: string) => openapi.components.schemas[name]?.enum ?? [];

function renderHelp() {
  const view = renderWithProviders(
    <MemoryRouter>
      <HelpPage />
      <Toaster />
    </MemoryRouter>,
    { auth: signedIn },
  );
  return { ...view, user: userEvent.setup() };
}

const stateList = (name: string) => screen.getByRole('region', { name }).querySelectorAll('li h3');

describe('Help & support page', () => {
  it('explains exactly the states the API declares', () => {
    expect(enumOf('DealState').length).toBeGreaterThan(0);
    expect(Object.keys(dealStateHelp).sort()).toEqual([...enumOf('DealState')].sort());
    expect(Object.keys(milestoneStateHelp).sort()).toEqual([...enumOf('MilestoneState')].sort());
  });

  it('lists every state with what it means, who acts next and what to do', () => {
    renderHelp();
    expect(stateList('Deal states')).toHaveLength(enumOf('DealState').length);
    expect(stateList('Milestone states')).toHaveLength(enumOf('MilestoneState').length);
    const funded = screen.getByRole('heading', { name: 'Payment secured' }).closest('li');
    expect(funded).not.toBeNull();
    expect(within(funded as HTMLElement).getByText('Who acts next')).toBeInTheDocument();
    expect(within(funded as HTMLElement).getByText('The creator')).toBeInTheDocument();
  });

  it('filters the states by the search words', async () => {
    const { user } = renderHelp();
    await user.type(screen.getByLabelText('Search the states'), 'dispute');
    expect([...stateList('Milestone states')].map((title) => title.textContent)).toEqual([
      'Delivered, awaiting approval',
      'In dispute',
      'Refunded',
    ]);
    expect(screen.getByRole('region', { name: 'Deal states' })).toHaveTextContent(
      'No state matches your search.',
    );
    await user.clear(screen.getByLabelText('Search the states'));
    expect(stateList('Deal states')).toHaveLength(enumOf('DealState').length);
  });

  it('names the grievance officer and the statutory times, and files a grievance', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/api/v1/account/support-requests'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { id: 'ref9', createdAt: '2026-11-27T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderHelp();
    const grievances = screen.getByRole('region', { name: 'Grievances' });
    expect(grievances).toHaveTextContent('acknowledge it within 24 hours');
    expect(grievances).toHaveTextContent('resolve it within 15 days');
    expect(within(grievances).getByText('Grievance Officer, Paylock')).toBeInTheDocument();
    expect(within(grievances).getByRole('link', { name: 'privacy@paylock.in' })).toHaveAttribute(
      'href',
      'mailto:privacy@paylock.in',
    );
    // No address configured (VITE_GRIEVANCE_ADDRESS): none shown, never a made-up one.
    expect(within(grievances).queryByText('Postal address')).not.toBeInTheDocument();

    const form = within(grievances).getByRole('form', { name: 'File a grievance' });
    await user.type(within(form).getByLabelText('Subject'), 'My data was shared');
    await user.type(within(form).getByLabelText('Your grievance'), 'A brand saw my number.');
    await user.click(within(form).getByRole('button', { name: 'File grievance' }));
    expect(
      await screen.findByText(
        'Your grievance is with our grievance officer; we resolve it within 15 days (reference ref9).',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { kind: 'grievance', subject: 'My data was shared', message: 'A brand saw my number.' },
    ]);
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = renderHelp();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
