import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { SupportRequestForm } from '../components/support-request-form';

const SUPPORT_URL = apiUrl('/api/v1/account/support-requests');

function renderForm() {
  renderWithProviders(
    <MemoryRouter>
      <SupportRequestForm />
      <Toaster />
    </MemoryRouter>,
    { auth: signedIn },
  );
}

describe('Settings → Help & support: ask our support team', () => {
  it('sends the subject and question and confirms with the reference', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(SUPPORT_URL, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { id: 'ref123', createdAt: '2026-11-27T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Subject'), 'Milestone 2 not funded');
    await userEvent.type(screen.getByLabelText('Your question'), 'It has been a week.');
    await userEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(
      await screen.findByText('Your question is with our support team (reference ref123).'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { kind: 'question', subject: 'Milestone 2 not funded', message: 'It has been a week.' },
    ]);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('shows each field’s message when the server refuses them', async () => {
    server.use(
      http.post(SUPPORT_URL, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { subject: 'subject is required', message: 'message is required' },
          },
          { status: 400 },
        ),
      ),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('subject is required')).toBeInTheDocument();
    expect(screen.getByText('message is required')).toBeInTheDocument();
  });
});
