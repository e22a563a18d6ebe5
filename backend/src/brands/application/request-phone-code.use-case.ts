import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { clientNetworkOf } from '../../common/domain/client-network.js';
import { SmsBudget, SmsOutbox } from '../../sms/sms.contract.js';
import { BrandAccountRepository } from '../../users/users.contract.js';
import { maskPhone, parseBrandPhoneNumber } from '../domain/brand-phone-number.js';
import {
  CODES_PER_IP_PER_HOUR,
  CODES_PER_NUMBER_PER_10_MINUTES,
  CODES_PER_NUMBER_PER_DAY,
} from '../domain/code-limits.js';
import {
  CODE_TTL_MS,
  type CodeChallenge,
  type CodeBinding,
  challengeIdOf,
  codeMessage,
  cooldownLeftSeconds,
  generateCode,
  newChallenge,
  RESEND_COOLDOWN_MS,
} from '../domain/one-time-code.js';
import {
  ChallengeRequiredError,
  CodeNotSentError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../domain/brands.errors.js';
import { CodeHasher } from './ports/code-hasher.js';
import { CodeSendLimits } from './ports/code-send-limits.js';
import { SignInChallenges } from './ports/sign-in-challenges.js';
import { OneTimeCodes } from './ports/one-time-codes.js';

export interface CodeRequest {
  readonly phone: string;
  readonly purpose: CodeBinding;
  readonly invite?: string | undefined;
  /** The client's address (honouring TRUST_PROXY), for the per-IP limit. */
  readonly clientIp: string;
  /** A solved challenge (SignInChallenges), needed once the general SMS budget is spent. */
  readonly proof?: string | undefined;
}

/** What the person is told, the same whether or not the number has an account. */
export interface SentCode {
  readonly maskedPhone: string;
  readonly resendAfterSeconds: number;
  readonly expiresInSeconds: number;
}

/**
 * "Get OTP": sends a fresh 6-digit code to a +91 number by SMS, in place of any earlier one.
 * Nothing in the work or the answer depends on whether the number has an account or may sign up
 * (enumeration, issue #36 L5); the defences, in order: resend cooldown, the code stored claim-once,
 * then the per-IP and per-(number, client network) limits and the global SMS budget, counted only
 * for the stored code. If a limit refuses or the SMS cannot be sent, the code is dropped again.
 */
@Injectable()
export class RequestPhoneCode {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly hasher: CodeHasher,
    private readonly limits: CodeSendLimits,
    private readonly budget: SmsBudget,
    private readonly sms: SmsOutbox,
    private readonly challenges: SignInChallenges,
    private readonly brands: BrandAccountRepository,
    private readonly clock: Clock,
  ) {}

  async execute(request: CodeRequest): Promise<SentCode> {
    const number = parseBrandPhoneNumber(request.phone);
    const phone = number.e164;
    const now = this.clock.now();
    const current = await this.codes.find(phone);
    const wait = current ? cooldownLeftSeconds(current.issuedAt, now) : 0;
    if (wait > 0) throw new ResendTooSoonError(wait);

    const code = generateCode();
    const challenge = newChallenge(
      {
        phone,
        purpose: request.purpose,
        codeHash: this.hasher.sign(codeMessage(request.purpose, phone, code)),
      },
      current,
      now,
    );
    // Claim-once before anything is counted: of a burst of requests that read the same current
    // code, one stores the next and spends the limits' slots; the others wait out the cooldown.
    if (!(await this.codes.issue(challenge))) {
      throw new ResendTooSoonError(RESEND_COOLDOWN_MS / 1000);
    }
    await this.refusedUnless(challenge, () => this.spendLimits(phone, request));
    const outcome = await this.sms.send({
      key: `otp:${challengeIdOf(challenge)}:${randomUUID()}`,
      to: phone,
      kind: 'otp',
      code,
      expiresAt: challenge.expiresAt,
    });
    if (outcome === 'failed') {
      await this.codes.remove(challenge);
      throw new CodeNotSentError();
    }
    await this.codes.retireReplaced(challenge);
    return {
      maskedPhone: maskPhone(number),
      resendAfterSeconds: RESEND_COOLDOWN_MS / 1000,
      expiresInSeconds: CODE_TTL_MS / 1000,
    };
  }

  /**
   * The per-number quotas count per (number, client network): a stranger elsewhere spends only
   * their own network's share, never the owner's. Nothing here depends on whether the number
   * may sign up (invite mode): that is told at verification, only to whoever holds the phone.
   *
   * Budgets a stranger can spend for someone else ask for a solved challenge rather than refuse
   * (#36): the client address's codes (one address is often many people: an office, carrier-grade
   * NAT), and the general SMS budget — once that is spent every request needs one, checked before
   * anything is counted and asked of every number alike (the answer tells no one which numbers
   * have an account); then numbers with an account spend their reserved share, others the
   * challenged one. A proof is taken once, for whichever of them asks first.
   */
  private async spendLimits(phone: string, request: CodeRequest): Promise<void> {
    let solved = false;
    const challenge = async () => {
      if (!solved) await this.requireSolved(request.proof);
      solved = true;
    };
    const generalSpent = await this.budget.generalSpent();
    if (generalSpent) await challenge();
    if (!(await this.limits.hit(CODES_PER_IP_PER_HOUR, request.clientIp)).allowed) {
      await challenge();
    }
    const numberOnNetwork = `${phone}@${clientNetworkOf(request.clientIp)}`;
    await this.withinLimit(CODES_PER_NUMBER_PER_10_MINUTES, numberOnNetwork);
    await this.withinLimit(CODES_PER_NUMBER_PER_DAY, numberOnNetwork);
    if (!generalSpent) {
      if ((await this.budget.spend('general')).allowed) return;
      // Spent by this very request's moment: the harder step, as for the requests after it.
      await challenge();
    }
    const known = (await this.brands.findByPhone(phone)) !== null;
    const reserve = await this.budget.spend(known ? 'knownNumbers' : 'challenged');
    if (!reserve.allowed) throw new SmsBudgetExhaustedError(reserve.retryAfterSeconds);
  }

  /** A proof that solves an unused challenge, or the challenge-required refusal. */
  private async requireSolved(proof: string | undefined): Promise<void> {
    if (proof === undefined || !(await this.challenges.redeem(proof))) {
      throw new ChallengeRequiredError();
    }
  }

  /** A code refused after it was stored is dropped again: the number's current code stays. */
  private async refusedUnless(challenge: CodeChallenge, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      await this.codes.remove(challenge);
      throw error;
    }
  }

  private async withinLimit(
    limit: Parameters<CodeSendLimits['hit']>[0],
    subject: string,
  ): Promise<void> {
    const decision = await this.limits.hit(limit, subject);
    if (!decision.allowed) throw new TooManyCodesError(decision.retryAfterSeconds);
  }
}
