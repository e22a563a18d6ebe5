import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { WaitlistPage } from '../components/waitlist-page';

const joinUrl = apiUrl('/api/v1/extra/waitlist');
const statsUrl = apiUrl('/api/v1/extra/waitlist/stats');
const successSentence =
  "You've successfully joined our waitlist. We'll reach out with updates soon!";

/** The join answer's data, as the API sends it. */
const joined = (overrides: object = {}) => ({
  id: 'entry-1',
  status: 'awaiting_confirmation',
  email: 'a•••a@example.com',
  confirmationEmail: 'sent',
  linkExpiresAt: '2026-11-23T10:15:00.000Z',
  linkValidForHours: 72,
  ...overrides,
});

function renderWaitlistPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/waitlist',
        element: (
          <>
            <WaitlistPage />
            <Toaster />
          </>
        ),
      },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: ['/waitlist'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { user: userEvent.setup(), pathname: () => router.state.location.pathname };
}

/** Answers the join request with `body` and records what was sent. */
function answerJoin(status: number, body: object) {
  const sent: unknown[] = [];
  server.use(
    http.post(joinUrl, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return sent;
}

const apiError = (statusCode: number, code: string, message: string, extra: object = {}) => ({
  statusCode,
  code,
  message,
  requestId: 'request-1',
  ...extra,
});

const fields = {
  userType: () => screen.getByLabelText("I'm a..."),
  fullName: () => screen.getByLabelText('Full Name'),
  email: () => screen.getByLabelText('Email Address'),
  phoneNumber: () => screen.getByLabelText('Phone Number'),
  instagramHandle: () => screen.getByLabelText('Instagram Username'),
};

async function fillValidForm(user: UserEvent) {
  await user.selectOptions(fields.userType(), 'Influencer');
  await user.type(fields.fullName(), '  Asha Rao ');
  await user.type(fields.email(), ' Asha@Example.COM');
  await user.type(fields.phoneNumber(), '98765 43210');
  await user.type(fields.instagramHandle(), '@asha.creates');
}

const submitButton = () => screen.getByRole('button', { name: 'Join Waitlist' });

/** The message a field announces through aria-describedby. */
function describedError(field: HTMLElement) {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

beforeEach(() => {
  server.use(
    http.get(statsUrl, () =>
      HttpResponse.json({ totalSlots: 1000, takenSlots: 37, remainingSlots: 963 }),
    ),
  );
});

describe('WaitlistPage', () => {
  it('shows the form the specification describes, the slots left and the privacy notice', async () => {
    renderWaitlistPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Join Waitlist' })).toBeInTheDocument();
    const role = fields.userType();
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select your role', 'Influencer', 'Brand', 'Agency', 'Talent Manager']);
    expect(role).toHaveValue('');
    expect(fields.phoneNumber()).toHaveAttribute('placeholder', '9XXXXXXXXX');
    expect(fields.instagramHandle()).toHaveAttribute('placeholder', '@instagram_');
    expect(screen.getByText(/version 2026-11-23/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@paylock.in' })).toHaveAttribute(
      'href',
      'mailto:support@paylock.in',
    );
    expect(await screen.findByText('963 of 1,000 early-access slots left')).toBeInTheDocument();
  });

  it('says so when every early-access slot is taken', async () => {
    server.use(
      http.get(statsUrl, () =>
        HttpResponse.json({ totalSlots: 1000, takenSlots: 1000, remainingSlots: 0 }),
      ),
    );
    renderWaitlistPage();
    expect(
      await screen.findByText(
        'All 1,000 early-access slots are taken: join the waitlist to hear when more open',
      ),
    ).toBeInTheDocument();
  });

  it('marks every invalid field, focuses the first and sends nothing', async () => {
    const sent = answerJoin(201, {});
    const { user } = renderWaitlistPage();
    await user.type(fields.phoneNumber(), '12345');
    await user.click(submitButton());

    expect(
      await screen.findByText('Please fix the form errors and try again!'),
    ).toBeInTheDocument();
    const expected = {
      userType: 'Please select your user type',
      fullName: 'Full name is required',
      email: 'Email is required',
      phoneNumber: 'Please enter a valid 10-digit phone number',
      instagramHandle: 'Instagram handle is required',
    };
    for (const [name, message] of Object.entries(expected)) {
      const field = fields[name as keyof typeof fields]();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(describedError(field)).toBe(message);
    }
    expect(fields.userType()).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('clears a field’s error as soon as the field is edited', async () => {
    const { user } = renderWaitlistPage();
    await user.click(submitButton());
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();

    await user.type(fields.fullName(), 'A');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(fields.fullName()).not.toHaveAttribute('aria-invalid');
    expect(fields.fullName()).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('joins with the normalised details and says in the success modal which address to check, for how long', async () => {
    const sent = answerJoin(201, { success: true, message: 'Joined.', data: joined() });
    const { user, pathname } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    const modal = await screen.findByRole('dialog', { name: "You're on the list!" });
    expect(modal).toHaveTextContent(successSentence);
    expect(modal).toHaveTextContent(
      "To keep your place, open the link we've sent to a•••a@example.com. The link works for 72 hours.",
    );
    expect(modal).not.toHaveTextContent('again');
    expect(await screen.findByText('Form submitted successfully')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        userType: 'influencer',
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        phoneNumber: '9876543210',
        instagramHandle: 'asha.creates',
        website: '',
        privacyNoticeVersion: '2026-11-23',
      },
    ]);

    const goHome = within(modal).getByRole('button', { name: 'Go Back Home' });
    expect(goHome).toHaveFocus();
    expect(fields.fullName()).not.toBeVisible();
    expect(fields.fullName()).toHaveValue('');

    await user.click(goHome);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('adds that the link was e-mailed again when the same person joins again, unconfirmed', async () => {
    answerJoin(200, {
      success: true,
      message: 'Joined.',
      data: joined({ confirmationEmail: 'sent_again' }),
    });
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    const modal = await screen.findByRole('dialog');
    expect(modal).toHaveTextContent(successSentence);
    expect(modal).toHaveTextContent("We've e-mailed your confirmation link again.");
    expect(modal).toHaveTextContent('a•••a@example.com');
    expect(await screen.findByText('Form submitted successfully')).toBeInTheDocument();
  });

  it('says where to look when the link was already e-mailed too often today', async () => {
    answerJoin(200, {
      success: true,
      message: 'Joined.',
      data: joined({ confirmationEmail: 'not_sent_again' }),
    });
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    const modal = await screen.findByRole('dialog');
    expect(modal).toHaveTextContent(successSentence);
    expect(modal).toHaveTextContent(
      "We've already e-mailed your confirmation link to a•••a@example.com several times today.",
    );
  });

  it('answers a 202 "check your e-mail" without saying whether the details joined (#36)', async () => {
    answerJoin(202, {
      success: true,
      message: 'Thank you! Please check your e-mail at a•••a@example.com for the next step.',
      data: { status: 'check_email', email: 'a•••a@example.com' },
    });
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    const modal = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(modal).toHaveTextContent('Please check your e-mail for the next step.');
    expect(modal).toHaveTextContent(
      'Please look in the inbox of a•••a@example.com, and in its spam folder.',
    );
    expect(modal).not.toHaveTextContent(successSentence);
    expect(within(modal).getByRole('button', { name: 'Go Back Home' })).toHaveFocus();
    expect(fields.fullName()).toHaveValue('');
  });

  it('brings back the empty form with focus at the top when the modal is dismissed', async () => {
    answerJoin(201, { success: true, message: 'ok', data: joined() });
    const { user, pathname } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(fields.userType()).toHaveFocus();
    expect(fields.fullName()).toBeVisible();
    expect(fields.fullName()).toHaveValue('');
    expect(pathname()).toBe('/waitlist');
  });

  it('shows the overlay and disables the form while the request runs', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(joinUrl, async () => {
        await released;
        return HttpResponse.json(
          apiError(503, 'DATABASE_UNAVAILABLE', 'The service is temporarily unavailable.'),
          { status: 503 },
        );
      }),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByText('Submitting your request...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    for (const field of Object.values(fields)) expect(field()).toBeDisabled();

    release();
    expect(await screen.findByText('The service is temporarily unavailable.')).toBeInTheDocument();
    expect(screen.queryByText('Submitting your request...')).not.toBeInTheDocument();
    expect(fields.fullName()).toBeEnabled();
    expect(fields.fullName()).toHaveValue('  Asha Rao ');
    await waitFor(() => {
      expect(submitButton()).toHaveFocus();
    });
  });

  it('says a registered phone number is already registered, under the field too', async () => {
    answerJoin(
      409,
      apiError(409, 'PHONE_ALREADY_REGISTERED', 'This phone number is already registered!'),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already registered!',
    );
    await waitFor(() => {
      expect(fields.phoneNumber()).toHaveFocus();
    });
    expect(describedError(fields.phoneNumber())).toBe('This phone number is already registered!');
  });

  it('reads a raw duplicate-key message as a phone number already registered', async () => {
    answerJoin(
      500,
      apiError(500, 'INTERNAL_ERROR', 'E11000 duplicate key error collection: waitlist_entries'),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already registered!',
    );
  });

  it('says a registered email address is already registered, under the email field', async () => {
    answerJoin(
      409,
      apiError(409, 'EMAIL_ALREADY_REGISTERED', 'This email address is already registered!'),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() => {
      expect(fields.email()).toHaveFocus();
    });
    expect(fields.email()).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(fields.email())).toBe('This email address is already registered!');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This email address is already registered!',
    );
  });

  it('puts the server’s field errors under their fields', async () => {
    answerJoin(
      400,
      apiError(400, 'VALIDATION_FAILED', 'Validation failed', {
        errors: {
          instagramHandle: 'Instagram handle can be at most 30 characters',
          email: 'Please enter a valid email address',
        },
      }),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() => {
      expect(fields.email()).toHaveFocus();
    });
    expect(describedError(fields.email())).toBe('Please enter a valid email address');
    expect(describedError(fields.instagramHandle())).toBe(
      'Instagram handle can be at most 30 characters',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fix the form errors and try again!',
    );
  });

  it('shows a server message that belongs to no field, such as an outdated privacy notice', async () => {
    answerJoin(
      400,
      apiError(400, 'VALIDATION_FAILED', 'Validation failed', {
        errors: { privacyNoticeVersion: 'Please reload the page and try again' },
      }),
    );
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please reload the page and try again',
    );
  });

  it('falls back to a generic message when the request fails without one', async () => {
    server.use(http.post(joinUrl, () => HttpResponse.error()));
    const { user } = renderWaitlistPage();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Submission failed. Please try again.',
    );
  });
});
