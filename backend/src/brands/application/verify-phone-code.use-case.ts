import { Injectable } from '@nestjs/common';
import type { IssuedSession } from '../../auth/auth.contract.js';
import { Clock } from '../../common/application/clock.js';
import { InviteRequiredError } from '../../invites/invites.contract.js';
import {
  type BrandAccount,
  BrandAccountExistsError,
  BrandAccountRepository,
  brandProfileRequired,
  newBrandAccount,
} from '../../users/users.contract.js';
import { BrandAccountNotFoundError } from '../domain/brands.errors.js';
import type { CodePurpose } from '../domain/one-time-code.js';
import { ConfirmPhoneCode } from './confirm-phone-code.use-case.js';
import { BrandSessions } from './ports/brand-sessions.js';
import { BrandSignUpAllowance, BrandSignUpPolicy } from './ports/brand-sign-up-allowance.js';

export interface CodeVerification {
  readonly phone: string;
  readonly code: string;
  readonly purpose: CodePurpose;
  readonly invite?: string | undefined;
}

export interface VerifiedBrand {
  readonly session: IssuedSession;
  /** True when this verification created the account. */
  readonly created: boolean;
  /** The company profile is still to be given (asked once, after the first verification). */
  readonly profileRequired: boolean;
}

/**
 * Verifies a code and signs the number's brand account in, creating it on a sign-up. Each try
 * is counted before the comparison (a conditional increment: the sixth try of a code is refused
 * whatever it says), the comparison is an HMAC compared in constant time, and using the code is
 * claim-once: of any number of simultaneous verifications, one gets a session.
 */
@Injectable()
export class VerifyPhoneCode {
  constructor(
    private readonly confirm: ConfirmPhoneCode,
    private readonly brands: BrandAccountRepository,
    private readonly sessions: BrandSessions,
    private readonly allowance: BrandSignUpAllowance,
    private readonly policy: BrandSignUpPolicy,
    readonly clock: Clock,
  ) {}

  async execute(request: CodeVerification): Promise<VerifiedBrand> {
    const phone = await this.confirm.execute(request.phone, request.code, request.purpose);
    const existing = await this.brands.findByPhone(phone);
    if (existing) return this.signIn(existing);
    if (request.purpose === 'login') throw new BrandAccountNotFoundError();
    return this.signUp(phone, request.invite);
  }

  private async signIn(account: BrandAccount): Promise<VerifiedBrand> {
    const signedIn = (await this.brands.recordSignIn(account.id, this.clock.now())) ?? account;
    return this.answer(signedIn, false);
  }

  private async signUp(phone: string, invite: string | undefined): Promise<VerifiedBrand> {
    const grant = this.policy.mode === 'invite' ? await this.allowance.check(phone, invite) : null;
    if (this.policy.mode === 'invite' && !grant) throw new InviteRequiredError();
    // An invite is claimed before the account exists, for the id it will have (ADR 0024).
    const claim = grant
      ? await this.allowance.claim(grant, { id: this.brands.nextId(), phone })
      : undefined;
    let account: BrandAccount;
    try {
      account = await this.brands.create(
        newBrandAccount(phone, this.clock.now()),
        claim?.account.id,
      );
    } catch (error) {
      if (claim) await this.allowance.release(claim);
      // Another verification of this number made the account meanwhile: it is this person's.
      const raced =
        error instanceof BrandAccountExistsError && (await this.brands.findByPhone(phone));
      if (!raced) throw error;
      return this.signIn(raced);
    }
    if (claim) await this.allowance.complete(claim);
    return this.answer(account, true);
  }

  private async answer(account: BrandAccount, created: boolean): Promise<VerifiedBrand> {
    return {
      session: await this.sessions.start(account),
      created,
      profileRequired: brandProfileRequired(account),
    };
  }
}
