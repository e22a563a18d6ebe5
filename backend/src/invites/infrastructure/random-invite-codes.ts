import { hashSecretToken, newSecretToken } from '../../common/domain/secret-token.js';
import { InviteCodes } from '../application/ports/invite-codes.js';

/** Codes are secret tokens (common/domain/secret-token.ts): random, stored as SHA-256 hex. */
export class RandomInviteCodes extends InviteCodes {
  generate(): string {
    return newSecretToken();
  }

  hash(code: string): string {
    return hashSecretToken(code);
  }
}
