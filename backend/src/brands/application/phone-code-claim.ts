import type { Clock } from '../../common/application/clock.js';
import { CodeAttemptsExhaustedError, InvalidCodeError } from '../domain/brands.errors.js';
import {
  type CodeChallenge,
  type CodeBinding,
  codeMessage,
  MAX_CODE_ATTEMPTS,
} from '../domain/one-time-code.js';
import type { CodeHasher } from './ports/code-hasher.js';
import type { OneTimeCodes } from './ports/one-time-codes.js';

export interface CodeClaimPorts {
  readonly codes: OneTimeCodes;
  readonly hasher: CodeHasher;
  readonly clock: Clock;
}

/**
 * Uses the number's current code for `purpose`: each try is counted before the comparison (the
 * sixth try is refused whatever it says), the comparison is an HMAC compared in constant time,
 * and the use is claim-once. Returns the used code; throws InvalidCodeError or
 * CodeAttemptsExhaustedError.
 */
export async function claimPhoneCode(
  { codes, hasher, clock }: CodeClaimPorts,
  phone: string,
  purpose: CodeBinding,
  code: string,
): Promise<CodeChallenge> {
  const challenge = await codes.find(phone);
  if (!challenge || challenge.expiresAt <= clock.now()) throw new InvalidCodeError();
  const attempt = await codes.claimAttempt(challenge, MAX_CODE_ATTEMPTS);
  if (attempt === null) throw new CodeAttemptsExhaustedError();
  if (!hasher.matches(codeMessage(purpose, phone, code), challenge.codeHash)) {
    if (attempt >= MAX_CODE_ATTEMPTS) throw new CodeAttemptsExhaustedError();
    throw new InvalidCodeError();
  }
  if (!(await codes.consume(challenge))) throw new InvalidCodeError();
  return challenge;
}
