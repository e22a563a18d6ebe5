import { act, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { WaitlistPage } from '../components/waitlist-page';

// /waitlist is prerendered: the page must render without a browser and hydrate without mismatch.
const page = (
  <TestProviders>
    <StaticRouter location="/waitlist">
      <WaitlistPage />
    </StaticRouter>
  </TestProviders>
);

it('renders the whole form on the server, and the browser takes it over as is', async () => {
  server.use(
    http.get(apiUrl('/api/v1/extra/waitlist/stats'), () =>
      HttpResponse.json({ totalSlots: 1000, takenSlots: 1, remainingSlots: 999 }),
    ),
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);

  const serverRendered = within(container);
  expect(serverRendered.getByRole('heading', { name: 'Join Waitlist' })).toBeInTheDocument();
  const role = serverRendered.getByLabelText("I'm a...");
  expect(
    within(role)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Select your role', 'Influencer', 'Brand', 'Agency', 'Talent Manager']);
  expect(serverRendered.getByLabelText('Full Name')).toBeInTheDocument();
  expect(serverRendered.getByLabelText('Email Address')).toBeInTheDocument();
  expect(serverRendered.getByLabelText('Phone Number')).toHaveAttribute(
    'placeholder',
    '9XXXXXXXXX',
  );
  expect(serverRendered.getByLabelText('Instagram Username')).toHaveAttribute(
    'placeholder',
    '@instagram_',
  );
  expect(serverRendered.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  expect(serverRendered.getByText(/version 2026-11-23/)).toBeInTheDocument();
  expect(serverRendered.queryByText('Submitting your request...')).not.toBeInTheDocument();

  // React reports attribute mismatches on the console only, and a mismatched tree to the root.
  const consoleError = vi.spyOn(console, 'error');
  const hydrationErrors: unknown[] = [];
  const root = await act(() =>
    hydrateRoot(container, page, {
      onRecoverableError: (error) => hydrationErrors.push(error),
    }),
  );
  expect(hydrationErrors).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  expect(container.querySelector('select')).toHaveValue('');
  act(() => {
    root.unmount();
  });
  container.remove();
});
