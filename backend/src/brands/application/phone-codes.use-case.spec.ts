import { brandUseCases } from '../../../test/support/brand-fakes.js';
import { InviteRequiredError } from '../../invites/invites.contract.js';
import {
  BrandAccountNotFoundError,
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../domain/brands.errors.js';

const PHONE = '+919876543210';
const IP = '198.51.100.7';

function setup(options: Parameters<typeof brandUseCases>[0] = {}) {
  const brands = brandUseCases(options);
  const ask = (purpose: 'signup' | 'login' = 'signup', phone = '98765 43210', clientIp = IP) =>
    brands.request.execute({ phone, purpose, clientIp });
  const verify = (code: string, purpose: 'signup' | 'login' = 'signup') =>
    brands.verify.execute({ phone: '+91 98765 43210', code, purpose });
  const verifyNumber = (phone: string, code: string) =>
    brands.verify.execute({ phone, code, purpose: 'signup' });
  const nextMinute = () => {
    brands.clock.advanceSeconds(61);
  };
  return { ...brands, ask, verify, verifyNumber, nextMinute };
}

describe('asking for a code', () => {
  it('sends a fresh 6-digit code, storing only its HMAC, with the same answer for any number', async () => {
    const brands = setup();
    await expect(brands.ask('login')).resolves.toEqual({
      maskedPhone: '+91 98XXXXXX10',
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    const code = brands.sms.codeTo(PHONE);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = brands.codes.codes.values();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(brands.sms.sent[0]).toMatchObject({ kind: 'otp', expiresAt: stored?.expiresAt });
  });

  it('waits a minute between codes, and a new code replaces the old', async () => {
    const brands = setup();
    await brands.ask();
    const first = brands.sms.codeTo(PHONE);
    brands.clock.advanceSeconds(30);
    await expect(brands.ask()).rejects.toEqual(new ResendTooSoonError(30));
    brands.clock.advanceSeconds(31);
    await brands.ask();
    const second = brands.sms.codeTo(PHONE);
    if (first !== second)
      await expect(brands.verify(first)).rejects.toBeInstanceOf(InvalidCodeError);
    await expect(brands.verify(second)).resolves.toMatchObject({ created: true });
  });

  it('refuses past the per-IP, per-number and global budgets, sending nothing', async () => {
    const brands = setup({ budget: 4 });
    for (let sent = 0; sent < 3; sent += 1) {
      await brands.ask();
      brands.nextMinute();
    }
    await expect(brands.ask()).rejects.toBeInstanceOf(TooManyCodesError);
    await brands.ask('signup', '9000000001');
    await expect(brands.ask('signup', '9000000002')).rejects.toBeInstanceOf(ChallengeRequiredError);
    expect(brands.sms.sent).toHaveLength(4);
  });

  it('asks a client IP past its 10 codes an hour for a solved challenge, not a refusal (#36)', async () => {
    const brands = setup();
    for (let n = 0; n < 10; n += 1)
      await brands.ask('signup', `90000000${String(n).padStart(2, '0')}`);
    await expect(brands.ask('signup', '9111111111')).rejects.toBeInstanceOf(ChallengeRequiredError);
    const proof = `solved:${(await brands.challenges.issue()).parameters.nonce}`;
    await brands.request.execute({ phone: '9111111111', purpose: 'signup', clientIp: IP, proof });
    expect(brands.sms.sent).toHaveLength(11);
  });

  it('drops the code when the SMS could not be sent, so the person may simply retry', async () => {
    const brands = setup();
    brands.sms.outcome = 'failed';
    await expect(brands.ask()).rejects.toBeInstanceOf(CodeNotSentError);
    expect(brands.codes.codes.size).toBe(0);
    brands.sms.outcome = 'sent';
    await brands.ask();
    expect(brands.codes.codes.size).toBe(1);
  });

  it('answers a sign-up under SIGNUP_MODE=invite alike with or without a grant; the code tells', async () => {
    const brands = setup({ signupMode: 'invite' });
    const refused = await brands.ask();
    await expect(brands.verify(brands.sms.codeTo(PHONE))).rejects.toBeInstanceOf(
      InviteRequiredError,
    );
    brands.nextMinute();
    brands.deals.numbers.add(PHONE); // a creator sent this number a deal
    await expect(brands.ask()).resolves.toEqual(refused);
    await expect(brands.verify(brands.sms.codeTo(PHONE))).resolves.toMatchObject({ created: true });
  });

  it('counts the per-number quotas per client network: a stranger elsewhere cannot spend them', async () => {
    const brands = setup();
    for (let sent = 0; sent < 3; sent += 1) {
      await brands.ask('login', '98765 43210', `203.0.113.${sent + 1}`);
      brands.nextMinute();
    }
    await expect(brands.ask('login', '98765 43210', '203.0.113.77')).rejects.toBeInstanceOf(
      TooManyCodesError,
    );
    brands.nextMinute();
    await brands.ask('login', '98765 43210', IP); // the owner's own network
    expect(brands.sms.sent).toHaveLength(4);
  });

  it('spends one slot of each limit for a burst of requests that issues one code', async () => {
    const brands = setup();
    const burst = await Promise.allSettled(Array.from({ length: 5 }, () => brands.ask()));
    expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(brands.sms.sent).toHaveLength(1);
    expect(brands.budget.spent).toBe(1);
    expect([...brands.limits.hits.values()]).toEqual([1, 1, 1]);
  });

  it('keeps the current code when a limit refuses the next one', async () => {
    const brands = setup({ budget: 1 });
    await brands.ask();
    const code = brands.sms.codeTo(PHONE);
    brands.nextMinute();
    await expect(brands.ask()).rejects.toBeInstanceOf(ChallengeRequiredError);
    await expect(brands.verify(code)).resolves.toMatchObject({ created: true });
  });
});

describe('once the general SMS budget is spent (#36)', () => {
  const KNOWN = '9000000001';
  const UNKNOWN = '9000000002';

  async function spentBudget() {
    const brands = setup({ budget: 1 });
    await brands.ask('signup', KNOWN, '203.0.113.1');
    const code = brands.sms.codeTo('+919000000001');
    await brands.verifyNumber(KNOWN, code);
    brands.nextMinute();
    await expect(brands.ask('login', '9000000003', '203.0.113.3')).rejects.toBeInstanceOf(
      ChallengeRequiredError,
    );
    const solve = async () => `solved:${(await brands.challenges.issue()).parameters.nonce}`;
    return { ...brands, solve };
  }

  const askWith = (
    brands: Awaited<ReturnType<typeof spentBudget>>,
    phone: string,
    proof?: string,
  ) => brands.request.execute({ phone, purpose: 'login', clientIp: IP, proof });

  it('asks every number alike for a solved challenge, counting nothing without one', async () => {
    const brands = await spentBudget();
    await expect(askWith(brands, KNOWN)).rejects.toBeInstanceOf(ChallengeRequiredError);
    await expect(askWith(brands, UNKNOWN)).rejects.toBeInstanceOf(ChallengeRequiredError);
    await expect(askWith(brands, UNKNOWN, 'solved:999')).rejects.toBeInstanceOf(
      ChallengeRequiredError,
    );
    expect(brands.limits.hits.get(`otp-ip-hour:${IP}`)).toBeUndefined();
  });

  it('sends a known number its code from the reserved share, an unknown one from the challenged share', async () => {
    const brands = await spentBudget();
    await askWith(brands, KNOWN, await brands.solve());
    await askWith(brands, UNKNOWN, await brands.solve());
    expect(brands.budget.spentBy).toMatchObject({ knownNumbers: 1, challenged: 1 });
    expect(brands.sms.sent.map(({ to }) => to)).toEqual([
      '+919000000001',
      '+919000000001',
      '+919000000002',
    ]);
  });

  it('takes each solved challenge once', async () => {
    const brands = await spentBudget();
    const proof = await brands.solve();
    await askWith(brands, UNKNOWN, proof);
    brands.nextMinute();
    await expect(askWith(brands, UNKNOWN, proof)).rejects.toBeInstanceOf(ChallengeRequiredError);
  });

  it('refuses unknown numbers with 503 once the challenged share is spent too, never the known', async () => {
    const brands = await spentBudget();
    await askWith(brands, UNKNOWN, await brands.solve());
    await expect(askWith(brands, '9000000004', await brands.solve())).rejects.toBeInstanceOf(
      SmsBudgetExhaustedError,
    );
    await askWith(brands, KNOWN, await brands.solve());
  });
});

describe('verifying a code', () => {
  it('creates the account on sign-up and opens it on sign-in', async () => {
    const brands = setup();
    await brands.ask();
    const created = await brands.verify(brands.sms.codeTo(PHONE));
    expect(created).toMatchObject({ created: true, profileRequired: true });
    expect(created.session.user).toMatchObject({ accountType: 'brand', phone: PHONE });
    brands.nextMinute();
    await brands.ask('login');
    const opened = await brands.verify(brands.sms.codeTo(PHONE), 'login');
    expect(opened).toMatchObject({ created: false });
    expect(opened.session.user.id).toBe(created.session.user.id);
    expect(brands.brands.accounts.size).toBe(1);
  });

  it('refuses a sign-in for a number without an account', async () => {
    const brands = setup();
    await brands.ask('login');
    await expect(brands.verify(brands.sms.codeTo(PHONE), 'login')).rejects.toBeInstanceOf(
      BrandAccountNotFoundError,
    );
  });

  it('binds the code to its purpose, and expires it after 10 minutes', async () => {
    const brands = setup();
    await brands.ask('login');
    await expect(brands.verify(brands.sms.codeTo(PHONE), 'signup')).rejects.toBeInstanceOf(
      InvalidCodeError,
    );
    brands.nextMinute();
    await brands.ask();
    brands.clock.advanceSeconds(600);
    await expect(brands.verify(brands.sms.codeTo(PHONE))).rejects.toBeInstanceOf(InvalidCodeError);
  });

  it('counts five tries per code before comparing; the right code after them fails too', async () => {
    const brands = setup();
    await brands.ask();
    const code = brands.sms.codeTo(PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect(brands.verify(wrong)).rejects.toBeInstanceOf(InvalidCodeError);
    }
    await expect(brands.verify(wrong)).rejects.toBeInstanceOf(CodeAttemptsExhaustedError);
    await expect(brands.verify(code)).rejects.toBeInstanceOf(CodeAttemptsExhaustedError);
  });

  it('uses a code once, however many verifications race for it', async () => {
    const brands = setup();
    await brands.ask();
    const code = brands.sms.codeTo(PHONE);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => brands.verify(code)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(brands.brands.accounts.size).toBe(1);
  });

  it('refuses codes that are not six ASCII digits without touching the store', async () => {
    const brands = setup();
    await brands.ask();
    for (const code of ['12345', '1234567', '123 456', '१२३४५६']) {
      await expect(brands.verify(code)).rejects.toBeInstanceOf(InvalidCodeError);
    }
    expect(brands.codes.claims.size).toBe(0);
  });
});
