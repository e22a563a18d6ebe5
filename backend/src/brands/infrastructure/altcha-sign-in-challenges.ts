import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Model } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { SignInChallenges } from '../application/ports/sign-in-challenges.js';
import {
  CHALLENGE_KEY_PREFIX,
  CHALLENGE_TTL_MS,
  MAX_PROOF_LENGTH,
  type SignInChallenge,
} from '../domain/sign-in-challenge.js';
import { PhoneCodeClaimRecord } from './mongo-one-time-codes.js';

const ALGORITHM = 'SHA-256';

/** The challenges' HMAC key, derived from the first OTP secret (its own key, never the codes'). */
export class ChallengeSecret {
  readonly value: string;

  constructor(otpSecret: string) {
    this.value = createHmac('sha256', otpSecret).update('sign-in-challenge').digest('hex');
  }
}

interface Proof {
  readonly challenge: Challenge;
  readonly solution: Solution;
}

/** `{ challenge, solution }` from base64 JSON, or undefined for anything else. */
function proofOf(text: string): Proof | undefined {
  if (text.length > MAX_PROOF_LENGTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    const proof = parsed as {
      challenge?: { parameters?: { nonce?: unknown } };
      solution?: unknown;
    };
    const nonce = proof.challenge?.parameters?.nonce;
    if (typeof nonce !== 'string' || typeof proof.solution !== 'object') return undefined;
    return parsed as Proof;
  } catch {
    return undefined;
  }
}

/**
 * ALTCHA challenges (altcha-lib, a maintained MIT library whose browser solver the form uses):
 * signed with HMAC-SHA256, expiring after CHALLENGE_TTL_MS, and used once — the nonce is claimed
 * by an insert into the code claims (`pow:<nonce>`), atomic on every instance.
 */
@Injectable()
export class AltchaSignInChallenges extends SignInChallenges {
  constructor(
    private readonly secret: ChallengeSecret,
    @InjectModel(PhoneCodeClaimRecord.name) private readonly claims: Model<PhoneCodeClaimRecord>,
  ) {
    super();
  }

  async issue(): Promise<SignInChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      keyPrefix: CHALLENGE_KEY_PREFIX,
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.secret.value,
    });
    const { algorithm, nonce, salt, cost, keyLength, keyPrefix, expiresAt } = challenge.parameters;
    return {
      parameters: { algorithm, nonce, salt, cost, keyLength, keyPrefix, expiresAt },
      signature: challenge.signature ?? '',
    };
  }

  async redeem(text: string): Promise<boolean> {
    const proof = proofOf(text);
    if (!proof || proof.challenge.parameters.algorithm !== ALGORITHM) return false;
    if (!(await this.verified(proof))) return false;
    const claim = { _id: `pow:${proof.challenge.parameters.nonce}`, phone: 'pow', at: new Date() };
    return insertedFirst(() => this.claims.create(claim));
  }

  /** A proof the library cannot even read (a sender's own JSON) is no solution either. */
  private async verified(proof: Proof): Promise<boolean> {
    try {
      const result = await verifySolution({
        challenge: proof.challenge,
        solution: proof.solution,
        deriveKey,
        hmacSignatureSecret: this.secret.value,
      });
      return result.verified;
    } catch {
      return false;
    }
  }
}
