import { InMemoryBrandAccounts, authUseCases } from './in-memory-auth.fakes.js';
import { FakeClock } from './fake-clock.js';
import type { BrandSessions } from '../../src/brands/application/ports/brand-sessions.js';
import {
  BrandDealInvitations,
  BrandSignUpPolicy,
} from '../../src/brands/application/ports/brand-sign-up-allowance.js';
import {
  CodeSendLimits,
  type LimitDecision,
} from '../../src/brands/application/ports/code-send-limits.js';
import { ConfirmPhoneCode } from '../../src/brands/application/confirm-phone-code.use-case.js';
import { OneTimeCodes } from '../../src/brands/application/ports/one-time-codes.js';
import { RequestPhoneCode } from '../../src/brands/application/request-phone-code.use-case.js';
import { VerifyPhoneCode } from '../../src/brands/application/verify-phone-code.use-case.js';
import type { CodeLimit } from '../../src/brands/domain/code-limits.js';
import { challengeIdOf, type CodeChallenge } from '../../src/brands/domain/one-time-code.js';
import { HmacCodeHasher } from '../../src/brands/infrastructure/hmac-code-hasher.js';
import { InviteBrandSignUpAllowance } from '../../src/brands/infrastructure/invite-brand-sign-up-allowance.js';
import type { InviteRedemptions } from '../../src/invites/index.js';
import {
  type NoticeSms,
  type OtpSms,
  SmsBudget,
  type SmsBudgetDecision,
  SmsOutbox,
  type SmsBudgetPool,
  type SmsSendOutcome,
} from '../../src/sms/sms.contract.js';
import { SignInChallenges } from '../../src/brands/application/ports/sign-in-challenges.js';
import type { SignInChallenge } from '../../src/brands/domain/sign-in-challenge.js';

/** The code store in memory: every claim is a Set insert, as the unique index makes it. */
export class InMemoryOneTimeCodes extends OneTimeCodes {
  readonly codes = new Map<string, CodeChallenge>();
  readonly claims = new Set<string>();

  find(phone: string): Promise<CodeChallenge | null> {
    const mine = [...this.codes.values()].filter((code) => code.phone === phone);
    return Promise.resolve(mine.sort((a, b) => b.sequence - a.sequence)[0] ?? null);
  }

  issue(challenge: CodeChallenge): Promise<boolean> {
    const id = challengeIdOf(challenge);
    if (this.codes.has(id)) return Promise.resolve(false);
    this.codes.set(id, challenge);
    return Promise.resolve(true);
  }

  claimAttempt(challenge: CodeChallenge, maxAttempts: number): Promise<number | null> {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (this.claim(`${challengeIdOf(challenge)}:try:${attempt}`)) return Promise.resolve(attempt);
    }
    return Promise.resolve(null);
  }

  consume(challenge: CodeChallenge): Promise<boolean> {
    return Promise.resolve(this.claim(`${challengeIdOf(challenge)}:used`));
  }

  retireReplaced(challenge: CodeChallenge): Promise<void> {
    for (const [id, code] of this.codes) {
      if (code.phone === challenge.phone && code.sequence < challenge.sequence)
        this.codes.delete(id);
    }
    return Promise.resolve();
  }

  remove(challenge: CodeChallenge): Promise<void> {
    const id = challengeIdOf(challenge);
    this.codes.delete(id);
    for (const claim of this.claims) if (claim.startsWith(`${id}:`)) this.claims.delete(claim);
    return Promise.resolve();
  }

  private claim(id: string): boolean {
    if (this.claims.has(id)) return false;
    this.claims.add(id);
    return true;
  }
}

/** Fixed-window counters in memory, keyed as the shared store keys them. */
export class InMemoryCodeSendLimits extends CodeSendLimits {
  readonly hits = new Map<string, number>();

  hit(limit: CodeLimit, subject: string): Promise<LimitDecision> {
    const key = `${limit.name}:${subject}`;
    const count = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, count);
    return Promise.resolve({ allowed: count <= limit.limit, retryAfterSeconds: 42 });
  }
}

/** The budget's shares as plain counters: `general` is `budget`, the reserved ones `reserved`. */
export class CountingSmsBudget extends SmsBudget {
  spent = 0;
  readonly spentBy: Record<SmsBudgetPool, number> = { general: 0, knownNumbers: 0, challenged: 0 };

  constructor(
    private readonly budget = Number.MAX_SAFE_INTEGER,
    private readonly reserved = 1,
  ) {
    super();
  }

  spend(pool: SmsBudgetPool): Promise<SmsBudgetDecision> {
    this.spentBy[pool] += 1;
    if (pool === 'general') this.spent += 1;
    const limit = pool === 'general' ? this.budget : this.reserved;
    return Promise.resolve({ allowed: this.spentBy[pool] <= limit, retryAfterSeconds: 600 });
  }

  generalSpent(): Promise<boolean> {
    return Promise.resolve(this.spentBy.general > this.budget);
  }
}

/** Challenges whose proof is "solved:<n>" for a challenge n it issued; each works once. */
export class FakeSignInChallenges extends SignInChallenges {
  private issued = 0;
  private readonly used = new Set<string>();

  issue(): Promise<SignInChallenge> {
    this.issued += 1;
    const nonce = String(this.issued);
    return Promise.resolve({
      parameters: {
        algorithm: 'SHA-256',
        nonce,
        salt: 'salt',
        cost: 1,
        keyLength: 32,
        keyPrefix: '0000',
      },
      signature: `signed:${nonce}`,
    });
  }

  redeem(proof: string): Promise<boolean> {
    const nonce = /^solved:(\d+)$/.exec(proof)?.[1];
    if (nonce === undefined || Number(nonce) > this.issued || this.used.has(nonce)) {
      return Promise.resolve(false);
    }
    this.used.add(nonce);
    return Promise.resolve(true);
  }
}

/** Records the SMS and answers the outcome a test sets ('sent' by default). */
export class RecordingSmsOutbox extends SmsOutbox {
  readonly sent: OtpSms[] = [];
  readonly notices: NoticeSms[] = [];
  outcome: SmsSendOutcome = 'sent';

  send(sms: OtpSms): Promise<SmsSendOutcome> {
    this.sent.push(sms);
    return Promise.resolve(this.outcome);
  }

  enqueue(sms: NoticeSms): Promise<void> {
    this.notices.push(sms);
    return Promise.resolve();
  }

  codeTo(phone: string): string {
    const sms = this.sent.filter((message) => message.to === phone).at(-1);
    if (!sms) throw new Error(`no SMS to ${phone}`);
    return sms.code;
  }
}

class NoDeals extends BrandDealInvitations {
  readonly numbers = new Set<string>();

  sentTo(phone: string): Promise<boolean> {
    return Promise.resolve(this.numbers.has(phone));
  }
}

/** The brand use cases wired to in-memory fakes (and auth's, for sessions). */
export function brandUseCases(
  options: { signupMode?: 'invite' | 'open'; budget?: number; invites?: InviteRedemptions } = {},
) {
  const clock = new FakeClock();
  const brands = new InMemoryBrandAccounts();
  const auth = authUseCases({ clock, brands });
  const codes = new InMemoryOneTimeCodes();
  const limits = new InMemoryCodeSendLimits();
  const budget = new CountingSmsBudget(options.budget);
  const sms = new RecordingSmsOutbox();
  const challenges = new FakeSignInChallenges();
  const hasher = new HmacCodeHasher(['a-unit-test-otp-secret-0123456789abcdef']);
  const deals = new NoDeals();
  // No invites are sent in these tests: the allowance's invite path is covered over HTTP.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- never called
  const redemptions = options.invites ?? ({} as InviteRedemptions);
  const allowance = new InviteBrandSignUpAllowance(redemptions, deals);
  const policy = new BrandSignUpPolicy(options.signupMode ?? 'open');
  // auth's SessionIssuer is what the module provides for the port (useExisting).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- structurally the port
  const sessions: BrandSessions = auth.issuer;
  return {
    clock,
    brands,
    codes,
    limits,
    budget,
    sms,
    challenges,
    deals,
    request: new RequestPhoneCode(codes, hasher, limits, budget, sms, challenges, brands, clock),
    verify: new VerifyPhoneCode(
      new ConfirmPhoneCode(codes, hasher, clock),
      brands,
      sessions,
      allowance,
      policy,
      clock,
    ),
  };
}
