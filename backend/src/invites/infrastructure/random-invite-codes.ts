import { createHash, randomBytes } from 'node:crypto';
import { InviteCodes } from '../application/ports/invite-codes.js';
import { INVITE_CODE_BYTES } from '../domain/invite.js';

/** Codes from the system's CSPRNG; stored as SHA-256 (a random code needs no salt). */
export class RandomInviteCodes extends InviteCodes {
  generate(): string {
    return randomBytes(INVITE_CODE_BYTES).toString('base64url');
  }

  hash(code: string): string {
    return createHash('sha256').update(code, 'utf8').digest('hex');
  }
}
