import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { ConfirmPage } from '../components/confirm-page';

const confirmUrl = apiUrl('/api/v1/extra/waitlist/confirmations');
const resendUrl = apiUrl('/api/v1/extra/waitlist/confirmation-emails');
const statsUrl = apiUrl('/api/v1/extra/waitlist/stats');
const TOKEN = 'q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E';

function renderConfirmPage(search = `?token=${TOKEN}`) {
  const router = createMemoryRouter(
    [
      { path: '/waitlist/confirm', element: <ConfirmPage /> },
      { path: '/', element: <h1>Home</h1> },
      { path: '/waitlist', element: <h1>Join Waitlist</h1> },
    ],
    { initialEntries: [`/waitlist/confirm${search}`] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { user: userEvent.setup(), pathname: () => router.state.location.pathname };
}

/** Answers the confirmation with `body` and records the tokens sent. */
function answerConfirm(status: number, body: object) {
  const sent: unknown[] = [];
  server.use(
    http.post(confirmUrl, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return sent;
}

const apiError = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  message,
  requestId: 'request-1',
});

let remaining = 963;
beforeEach(() => {
  remaining = 963;
  server.use(
    http.get(statsUrl, () =>
      HttpResponse.json({
        totalSlots: 1000,
        takenSlots: 1000 - remaining,
        remainingSlots: remaining,
      }),
    ),
  );
});

describe('ConfirmPage', () => {
  it('confirms once on arrival and shows the seat, its early access and the slots left', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(confirmUrl, async ({ request }) => {
        sent.push(await request.json());
        remaining = 962;
        return HttpResponse.json({
          success: true,
          message: 'Confirmed.',
          data: { seat: 38, earlyAccess: true, alreadyConfirmed: false },
        });
      }),
    );
    const { user, pathname } = renderConfirmPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your place is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('#38')).toBeInTheDocument();
    expect(screen.getByText('Yes: early-access slot 38 of 1,000')).toBeInTheDocument();
    expect(await screen.findByText('962 of 1,000 early-access slots left')).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);

    await user.click(screen.getByRole('link', { name: 'Go Back Home' }));
    expect(pathname()).toBe('/');
  });

  it('says so when the place was confirmed before, and when it comes after the early-access slots', async () => {
    answerConfirm(200, {
      success: true,
      message: 'Confirmed.',
      data: { seat: 1004, earlyAccess: false, alreadyConfirmed: true },
    });
    renderConfirmPage();
    expect(
      await screen.findByText(
        'You had already confirmed your place: it is yours, nothing more to do.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('#1,004')).toBeInTheDocument();
    expect(
      screen.getByText('Not this time: all 1,000 early-access slots were taken first'),
    ).toBeInTheDocument();
  });

  it.each([
    [404, 'CONFIRMATION_LINK_NOT_FOUND', 'This link is not valid'],
    [410, 'CONFIRMATION_LINK_EXPIRED', 'This link has expired'],
    [400, 'VALIDATION_FAILED', 'This link is incomplete'],
  ])('explains a %i %s and offers a new link', async (status, code, title) => {
    answerConfirm(status, apiError(status, code, 'message'));
    renderConfirmPage();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Get a new confirmation link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirm your place');
  });

  it('does not call the API with a link cut short, and says it is incomplete', async () => {
    const sent = answerConfirm(200, {});
    renderConfirmPage(`?token=${TOKEN.slice(0, 20)}`);
    expect(
      await screen.findByRole('heading', { name: 'This link is incomplete' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks for a new link with the e-mail and phone given when joining, and says what happens', async () => {
    answerConfirm(410, apiError(410, 'CONFIRMATION_LINK_EXPIRED', 'expired'));
    const requested: unknown[] = [];
    server.use(
      http.post(resendUrl, async ({ request }) => {
        requested.push(await request.json());
        return HttpResponse.json(
          {
            success: true,
            message: "If a place awaiting confirmation matches, we've e-mailed it.",
          },
          { status: 202 },
        );
      }),
    );
    const { user } = renderConfirmPage();
    await screen.findByRole('heading', { name: 'This link has expired' });

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(requested).toEqual([]);

    await user.type(screen.getByLabelText('Email Address'), ' Asha@Example.com ');
    await user.type(screen.getByLabelText('Phone Number'), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(
      await screen.findByText("If a place awaiting confirmation matches, we've e-mailed it."),
    ).toBeInTheDocument();
    expect(requested).toEqual([{ email: 'asha@example.com', phoneNumber: '9876543210' }]);
  });

  it('offers to try again when the service cannot answer, never a stack trace', async () => {
    server.use(http.post(confirmUrl, () => HttpResponse.error()));
    const { user } = renderConfirmPage();
    expect(
      await screen.findByText('We could not confirm your place right now. Please try again.'),
    ).toBeInTheDocument();
    answerConfirm(200, {
      success: true,
      message: 'Confirmed.',
      data: { seat: 2, earlyAccess: true, alreadyConfirmed: false },
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#2')).toBeInTheDocument();
  });
});
