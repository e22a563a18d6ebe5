import { normalizeEmailAddress, readableDomain } from '../../common/domain/email-address.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

// The one e-mail parser's constants, named where the waitlist's contract and tests look for them.
export {
  ADDRESS_SPECIALS,
  EMAIL_MAX_LENGTH,
  NFKC_UNSAFE_IN_ADDRESS,
} from '../../common/domain/email-address.js';

/**
 * An e-mail address, trimmed, NFKC-normalised, lower-cased and its domain in ASCII (the one
 * parser, common/domain/email-address.ts), so that one mailbox has one spelling:
 * "ａｓｈａ@example.com" (fullwidth) and "asha@example.com" are one address, so are
 * "x@bücher.example" and "x@xn--bcher-kva.example", and an address with an invisible character
 * is refused rather than stored beside its lookalike.
 */
export class EmailAddress {
  private constructor(readonly value: string) {}

  static parse(input: string): EmailAddress {
    if (input.trim() === '') throw new InvalidWaitlistValueError('Email is required');
    const address = normalizeEmailAddress(input);
    if (address === undefined) {
      throw new InvalidWaitlistValueError('Please enter a valid email address');
    }
    return new EmailAddress(address);
  }

  /** Restores a stored (already normalised) address. */
  static fromStored(value: string): EmailAddress {
    return new EmailAddress(value);
  }

  /**
   * Enough to recognise one's own address, too little to learn someone else's:
   * "asha.rao@example.com" → "a•••o@example.com", "ab@x.in" → "a•@x.in".
   */
  get masked(): string {
    const at = this.value.lastIndexOf('@');
    const local = Array.from(this.value.slice(0, at));
    const domain = `@${readableDomain(this.value.slice(at + 1))}`;
    if (local.length <= 2) return `${local[0] ?? ''}•${domain}`;
    return `${local[0] ?? ''}•••${local.at(-1) ?? ''}${domain}`;
  }
}
