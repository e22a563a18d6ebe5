import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { PhoneChallengeResponseDto } from '@/api/generated/types.gen';

/**
 * Solves the API's proof-of-work challenge (asked for "Get OTP" while the hour's SMS budget is
 * spent, answer 428 CHALLENGE_REQUIRED) in the browser with ALTCHA's solver, the library the API
 * verifies with: about 65,000 SHA-256 hashes. Answers the proof the API takes (base64 of
 * `{ challenge, solution }`), or null when it could not be solved in time.
 */
export async function solveSignInChallenge(
  challenge: PhoneChallengeResponseDto,
): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
