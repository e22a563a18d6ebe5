import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { NomineeForm } from '../components/nominee-form';

const NOMINEE = apiUrl('/api/v1/account/nominee');

function renderForm() {
  renderWithProviders(
    <MemoryRouter>
      <NomineeForm />
      <Toaster />
    </MemoryRouter>,
  );
}

describe('Settings → Data & privacy: the nominee', () => {
  it('names a nominee, shows it, and removes it', async () => {
    let stored: { name: string; email: string; updatedAt: string } | null = null;
    server.use(
      http.get(NOMINEE, () => HttpResponse.json({ nominee: stored })),
      http.put(NOMINEE, async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string };
        stored = { ...body, updatedAt: '2026-11-28T06:00:00.000Z' };
        return HttpResponse.json({ nominee: stored });
      }),
      http.delete(NOMINEE, () => {
        stored = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderForm();
    expect(await screen.findByText('You have not named a nominee.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nominee’s name'), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText('Nominee’s e-mail'), 'meera@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Name nominee' }));
    expect(await screen.findByText('Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change nominee' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove nominee' }));
    expect(await screen.findByText('You have not named a nominee.')).toBeInTheDocument();
  });

  it('shows the server’s message under each field it refused', async () => {
    server.use(
      http.put(NOMINEE, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { email: 'Enter an e-mail address like name@example.com' },
          },
          { status: 400 },
        ),
      ),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('Nominee’s name'), 'Meera');
    await userEvent.type(screen.getByLabelText('Nominee’s e-mail'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Name nominee' }));
    expect(
      await screen.findByText('Enter an e-mail address like name@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nominee’s e-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
