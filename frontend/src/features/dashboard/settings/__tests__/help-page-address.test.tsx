import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/testing/auth-states';
import { renderWithProviders } from '@/testing/render';
import { HelpPage } from '../components/help-page';

// The build's settings as a deployment sets them (VITE_GRIEVANCE_ADDRESS and the others).
vi.mock('@/config/env', () => ({
  env: {
    previewBanner: false,
    supportEmail: 'support@paylock.in',
    grievance: {
      officer: 'Meera Iyer, Grievance Officer',
      email: 'grievance@paylock.in',
      address: 'Paylock Technologies Pvt Ltd\n12 MG Road, Bengaluru 560001',
    },
  },
}));

describe('Help & support page: the grievance officer as configured', () => {
  it('names the configured officer, e-mail and postal address', () => {
    renderWithProviders(
      <MemoryRouter>
        <HelpPage />
      </MemoryRouter>,
      { auth: signedIn },
    );
    const grievances = screen.getByRole('region', { name: 'Grievances' });
    expect(within(grievances).getByText('Meera Iyer, Grievance Officer')).toBeInTheDocument();
    expect(within(grievances).getByText('Postal address')).toBeInTheDocument();
    expect(grievances).toHaveTextContent('12 MG Road, Bengaluru 560001');
    expect(within(grievances).getByRole('link', { name: 'grievance@paylock.in' })).toBeVisible();
  });
});
