import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { parseBrandPhoneNumber } from '../domain/brand-phone-number.js';
import { CodeAttemptsExhaustedError, InvalidCodeError } from '../domain/brands.errors.js';
import {
  type CodeBinding,
  CODE_SHAPE,
  codeMessage,
  MAX_CODE_ATTEMPTS,
} from '../domain/one-time-code.js';
import { CodeHasher } from './ports/code-hasher.js';
import { OneTimeCodes } from './ports/one-time-codes.js';

/**
 * Uses the number's current code, once: each try is counted before the comparison (a
 * conditional increment: the sixth try of a code is refused whatever it says), the comparison is
 * an HMAC compared in constant time, and the use is claim-once. Answers the number (E.164).
 */
@Injectable()
export class ConfirmPhoneCode {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly hasher: CodeHasher,
    private readonly clock: Clock,
  ) {}

  async execute(phoneInput: string, code: string, purpose: CodeBinding): Promise<string> {
    const phone = parseBrandPhoneNumber(phoneInput).e164;
    if (!CODE_SHAPE.test(code)) throw new InvalidCodeError();
    const challenge = await this.codes.find(phone);
    if (!challenge || challenge.expiresAt <= this.clock.now()) throw new InvalidCodeError();
    const attempt = await this.codes.claimAttempt(challenge, MAX_CODE_ATTEMPTS);
    if (attempt === null) throw new CodeAttemptsExhaustedError();
    if (!this.hasher.matches(codeMessage(purpose, phone, code), challenge.codeHash)) {
      if (attempt >= MAX_CODE_ATTEMPTS) throw new CodeAttemptsExhaustedError();
      throw new InvalidCodeError();
    }
    if (!(await this.codes.consume(challenge))) throw new InvalidCodeError();
    return phone;
  }
}
