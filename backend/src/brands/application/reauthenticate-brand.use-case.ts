import { Injectable } from '@nestjs/common';
import { type AccessTokenClaims, RecordRecentAuthentication } from '../../auth/auth.contract.js';
import { Clock } from '../../common/application/clock.js';
import type { BrandAccount } from '../../users/users.contract.js';
import { InvalidCodeError } from '../domain/brands.errors.js';
import { challengeIdOf, CODE_SHAPE } from '../domain/one-time-code.js';
import { claimPhoneCode } from './phone-code-claim.js';
import { CodeHasher } from './ports/code-hasher.js';
import { OneTimeCodes } from './ports/one-time-codes.js';
import { RequestPhoneCode, type SentCode } from './request-phone-code.use-case.js';

/**
 * A signed-in brand confirms a change that moves money or identity with a new SMS code to its
 * own number (#41): the code is bound to the purpose `reauth` (a sign-in code does not work
 * here, nor this one for signing in), used once, and marks the brand's session.
 */
@Injectable()
export class ReauthenticateBrand {
  constructor(
    readonly codes: OneTimeCodes,
    readonly hasher: CodeHasher,
    readonly clock: Clock,
    private readonly record: RecordRecentAuthentication,
    private readonly sender: RequestPhoneCode,
  ) {}

  /** Sends the code to the brand's own number (the same limits as a sign-in code). */
  sendCode(brand: BrandAccount, clientIp: string, proof: string | undefined): Promise<SentCode> {
    return this.sender.execute({ phone: brand.phone, purpose: 'reauth', clientIp, proof });
  }

  async confirm(brand: BrandAccount, claims: AccessTokenClaims, code: string): Promise<void> {
    if (!CODE_SHAPE.test(code)) throw new InvalidCodeError();
    const used = await claimPhoneCode(this, brand.phone, 'reauth', code);
    await this.record.execute(claims, 'sms', challengeIdOf(used));
  }
}
