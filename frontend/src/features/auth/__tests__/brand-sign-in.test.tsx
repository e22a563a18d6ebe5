import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { openBrandWorkspace } from '../api/brand-otp';
import { LoginPage } from '../components/login-page';
import { RegisterPage } from '../components/register-page';
import { renderAuthPage } from './render-auth-page';

vi.mock('../api/brand-otp', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/brand-otp')>()),
  openBrandWorkspace: vi.fn(),
}));

const CODES_URL = apiUrl('/api/v1/auth/phone/codes');
const SESSIONS_URL = apiUrl('/api/v1/auth/phone/sessions');
const CHALLENGES_URL = apiUrl('/api/v1/auth/phone/challenges');
const SENT = {
  success: true,
  maskedPhone: '+91 98XXXXXX10',
  resendAfterSeconds: 60,
  expiresInSeconds: 600,
};

function answerCodes(...answers: (() => Response)[]) {
  const sent: unknown[] = [];
  let call = 0;
  server.use(
    http.post(CODES_URL, async ({ request }) => {
      sent.push(await request.json());
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return answer ? answer() : HttpResponse.json(SENT, { status: 202 });
    }),
  );
  return sent;
}

function answerSessions(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post(SESSIONS_URL, async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const error = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ statusCode: status, code, message, requestId: 'r' }, { status, headers });

const sentOk = () => HttpResponse.json(SENT, { status: 202 });

function openBrandTab() {
  renderAuthPage(RegisterPage, '/register?as=brand');
  return screen.getByLabelText(/Mobile Number/);
}

async function getCode(number = '9876543210') {
  const field = openBrandTab();
  await userEvent.type(field, number);
  await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
  return screen.findByLabelText(/Enter the code/);
}

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the phone step', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    [' 98765 43210 ', '9876543210'],
    ['6000000000', '6000000000'],
  ])('accepts %j and sends it as %s', async (typed, phone) => {
    const sent = answerCodes(sentOk);
    const field = openBrandTab();
    await userEvent.type(field, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByLabelText(/Enter the code/)).toBeInTheDocument();
    expect(sent).toEqual([{ phone, purpose: 'signup' }]);
  });

  it.each([
    ['', 'Phone number is required'],
    ['12345', 'Please enter a valid 10-digit phone number'],
    ['5876543210', 'Please enter a valid 10-digit phone number'],
    ['98765432101', 'Please enter a valid 10-digit phone number'],
    ['+1 9876543210', 'Please enter a valid 10-digit phone number'],
    ['९८७६५४३२१०', 'Please enter a valid 10-digit phone number'],
  ])('refuses %j with "%s" and sends nothing', async (typed, message) => {
    const sent = answerCodes(sentOk);
    const field = openBrandTab();
    if (typed) await userEvent.type(field, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(sent).toEqual([]);
  });

  it('says when the code could not be sent, and keeps the number', async () => {
    answerCodes(() => error(503, 'CODE_NOT_SENT', "We couldn't send the code, try again."));
    const field = openBrandTab();
    await userEvent.type(field, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't send the code, try again.",
    );
    expect(field).toHaveValue('9876543210');
  });

  it("tells a 429's wait from Retry-After", async () => {
    answerCodes(() =>
      error(429, 'TOO_MANY_CODES', 'Too many codes have been requested.', { 'Retry-After': '540' }),
    );
    const field = openBrandTab();
    await userEvent.type(field, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 9 minutes.',
    );
  });

  it('refuses an uninvited sign-up in invite mode with the waitlist link, once the code is typed', async () => {
    // "Get OTP" answers alike for every number (#36 L5): the holder of the phone learns it.
    answerCodes(sentOk);
    answerSessions(() =>
      error(403, 'INVITE_REQUIRED', 'Paylock is invite-only during early access.'),
    );
    await userEvent.type(await getCode(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.",
    );
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
  });
});

describe("while the hour's SMS budget is spent (#36)", () => {
  it("solves the API's challenge in the browser and asks again with its proof", async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      keyPrefix: '00',
      deriveKey,
      hmacSignatureSecret: 'a-test-secret',
    });
    server.use(http.get(CHALLENGES_URL, () => HttpResponse.json(challenge)));
    const sent = answerCodes(
      () => error(428, 'CHALLENGE_REQUIRED', 'Many codes were asked for just now.'),
      sentOk,
    );
    const field = openBrandTab();
    await userEvent.type(field, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByLabelText(/Enter the code/)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    const { proof } = sent[1] as { proof: string };
    const solved = JSON.parse(atob(proof)) as { challenge: Challenge; solution: Solution };
    const check = await verifySolution({
      ...solved,
      deriveKey,
      hmacSignatureSecret: 'a-test-secret',
    });
    expect(check.verified).toBe(true);
  });
});

describe('the code step', () => {
  it('shows the masked number and a one-time-code field with the numeric keyboard', async () => {
    answerCodes(sentOk);
    const code = await getCode();
    expect(screen.getByText('+91 98XXXXXX10')).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
  });

  it.each([
    ['12345', 'Please enter the 6-digit code from the SMS'],
    ['1234567', 'Please enter the 6-digit code from the SMS'],
    ['12a456', 'Please enter the 6-digit code from the SMS'],
    ['१२३४५६', 'Please enter the 6-digit code from the SMS'],
  ])('refuses %j before sending it', async (typed, message) => {
    answerCodes(sentOk);
    const sent = answerSessions(() => HttpResponse.json({}));
    const code = await getCode();
    await userEvent.type(code, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends six digits (spaces removed) and opens the brand workspace', async () => {
    answerCodes(sentOk);
    const sent = answerSessions(() =>
      HttpResponse.json({ accessToken: 't', profileRequired: true, created: true }),
    );
    const code = await getCode('+91 98765 43210');
    await userEvent.type(code, '042 917');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => {
      expect(openBrandWorkspace).toHaveBeenCalledExactlyOnceWith('signup');
    });
    expect(sent).toEqual([{ phone: '9876543210', purpose: 'signup', code: '042917' }]);
  });

  it.each([
    [
      'INVALID_CODE',
      "That code isn't right or has expired. Please check the SMS or get a new code.",
    ],
    ['CODE_ATTEMPTS_EXHAUSTED', 'Too many wrong codes. Please get a new code.'],
  ])('says what a %s answer means', async (code, message) => {
    answerCodes(sentOk);
    answerSessions(() => error(401, code, message));
    const field = await getCode();
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(openBrandWorkspace).not.toHaveBeenCalled();
  });

  it('counts down to "Resend code", which sends a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const sent = answerCodes(sentOk);
    renderAuthPage(RegisterPage, '/register?as=brand');
    await user.type(screen.getByLabelText(/Mobile Number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText(/Resend code in/)).toHaveTextContent('Resend code in 1:00');
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByText(/Resend code in/)).toHaveTextContent('Resend code in 0:45');

    await act(() => vi.advanceTimersByTimeAsync(45_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to +91 98XXXXXX10.')).toBeInTheDocument();
    expect(screen.getByText(/Resend code in/)).toHaveTextContent('Resend code in 1:00');
    expect(sent).toHaveLength(2);
  });

  it('"Change number" goes back to the number, as typed after normalisation', async () => {
    answerCodes(sentOk);
    await getCode('+91 98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText(/Mobile Number/)).toHaveValue('9876543210');
  });
});

describe('/login', () => {
  it('"Brand? Sign in with your mobile number" opens the same flow to sign in', async () => {
    const sent = answerCodes(sentOk);
    renderAuthPage(LoginPage, '/login');
    await userEvent.click(
      screen.getByRole('button', { name: 'Brand? Sign in with your mobile number' }),
    );
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Mobile Number/), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByLabelText(/Enter the code/)).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '9876543210', purpose: 'login' }]);
  });

  it('offers sign-up to a number without an account', async () => {
    answerCodes(sentOk);
    answerSessions(() =>
      error(404, 'ACCOUNT_NOT_FOUND', 'No Paylock account uses this mobile number yet.'),
    );
    renderAuthPage(LoginPage, '/login?as=brand');
    await userEvent.type(screen.getByLabelText(/Mobile Number/), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await userEvent.type(await screen.findByLabelText(/Enter the code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Paylock account uses this mobile number yet. Please sign up first.',
    );
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Sign up' }),
    ).toHaveAttribute('href', '/register?as=brand');
  });
});
