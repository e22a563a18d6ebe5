import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { parseBrandPhoneNumber } from '../domain/brand-phone-number.js';
import { InvalidCodeError } from '../domain/brands.errors.js';
import { type CodeBinding, CODE_SHAPE } from '../domain/one-time-code.js';
import { claimPhoneCode } from './phone-code-claim.js';
import { CodeHasher } from './ports/code-hasher.js';
import { OneTimeCodes } from './ports/one-time-codes.js';

/** Uses the number's current code for `purpose`, once (claimPhoneCode). Answers the number (E.164). */
@Injectable()
export class ConfirmPhoneCode {
  constructor(
    readonly codes: OneTimeCodes,
    readonly hasher: CodeHasher,
    readonly clock: Clock,
  ) {}

  async execute(phoneInput: string, code: string, purpose: CodeBinding): Promise<string> {
    const phone = parseBrandPhoneNumber(phoneInput).e164;
    if (!CODE_SHAPE.test(code)) throw new InvalidCodeError();
    await claimPhoneCode(this, phone, purpose, code);
    return phone;
  }
}
