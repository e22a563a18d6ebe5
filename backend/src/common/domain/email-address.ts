import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * The one e-mail parser of the backend: every address that comes in (the waitlist form and
 * personal page, the identity provider's claim, ADMIN_EMAILS, SUPPORT_EMAIL and MAIL_FROM, the
 * outbox's recipients) is checked against the one pattern below and normalised the same way, so
 * that one mailbox has one spelling wherever it is stored or compared.
 */

/** The longest address SMTP can deliver to (RFC 5321 path limit), in characters. */
export const EMAIL_MAX_LENGTH = 254;

/** What an address may not contain besides whitespace and @, as regex class content. */
export const ADDRESS_SPECIALS = String.raw`<>()",;:\\`;

/**
 * Deliberately basic: something, one @, a domain with a dot; no whitespace, nor the characters
 * that would need quoting in a mail header (`<>()",;:\`): an address is put in a To: header as is.
 */
export const EMAIL_PATTERN = new RegExp(
  `^[^\\s@${ADDRESS_SPECIALS}]+@[^\\s@${ADDRESS_SPECIALS}]+\\.[^\\s@${ADDRESS_SPECIALS}]+$`,
);

/**
 * Characters that NFKC turns into an @, a space or one of the specials ("a＠b@x.in" would become
 * an address with two @), refused like what they become, so that every check can read what was
 * typed. Computed over every code point (see unicode.spec.ts): fullwidth and small forms,
 * parenthesised letters and numbers, spacing accents. These are the ones below U+10000, which
 * the contract's patterns name; NFKC_UNSAFE_BEYOND_BMP are the rest.
 */
export const NFKC_UNSAFE_IN_ADDRESS = String.raw`\u00a8\u00af\u00b4\u00b8\u02d8-\u02dd\u037a\u037e\u0384\u0385\u1fbd\u1fbf-\u1fc1\u1fcd-\u1fcf\u1fdd-\u1fdf\u1fed\u1fee\u1ffd\u1ffe\u2017\u203e\u207d\u207e\u208d\u208e\u2474-\u2487\u249c-\u24b5\u2a74\u309b\u309c\u3200-\u321e\u3220-\u3243\ufc5e-\ufc63\ufdfa\ufdfb\ufe10\ufe13\ufe14\ufe35\ufe36\ufe49-\ufe4c\ufe50\ufe54\ufe55\ufe59\ufe5a\ufe64\ufe65\ufe68\ufe6b\ufe70\ufe72\ufe74\ufe76\ufe78\ufe7a\ufe7c\ufe7e\uff02\uff08\uff09\uff0c\uff1a-\uff1c\uff1e\uff20\uff3c\uffe3`;
const NFKC_UNSAFE_BEYOND_BMP = /[\u{1f101}-\u{1f10a}\u{1f110}-\u{1f129}]/u;
const NFKC_UNSAFE = new RegExp(`[${NFKC_UNSAFE_IN_ADDRESS}]`);

/** Control (Cc) and format (Cf, invisible) characters: two spellings that look the same. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

/** Characters (code points), as a person counts them: an emoji is one. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * An address as typed → its one stored spelling, or undefined when it is not an address:
 * trimmed, NFKC-normalised, lower-cased, and its domain in its one ASCII form (IDNA, punycode):
 * "x@bücher.example" and "x@xn--bcher-kva.example" are one address, "x@xn--bcher-kva.example".
 * Every check reads what was typed (lengths before NFKC and lower-casing, which lengthen a few
 * letters), so the contract's patterns describe exactly what is accepted.
 */
export function normalizeEmailAddress(input: string): string | undefined {
  const address = input.trim();
  if (
    address === '' ||
    characterCount(address) > EMAIL_MAX_LENGTH ||
    !EMAIL_PATTERN.test(address) ||
    INVISIBLE_OR_CONTROL.test(address) ||
    NFKC_UNSAFE.test(address) ||
    NFKC_UNSAFE_BEYOND_BMP.test(address)
  ) {
    return undefined;
  }
  const normalized = address.normalize('NFKC').toLowerCase();
  const at = normalized.lastIndexOf('@');
  const local = normalized.slice(0, at);
  const typedDomain = normalized.slice(at + 1);
  // WHATWG URL's domain to ASCII (UTS #46). It answers '' for a domain no host name can have (a
  // '%', a bad punycode label): such an address is kept as typed, as the pattern accepts it.
  const domain = domainToASCII(typedDomain);
  const ascii = `${local}@${domain}`;
  return domain !== '' && EMAIL_PATTERN.test(ascii) ? ascii : normalized;
}

/** Whether `value` is already an address in its one stored spelling (what normalising keeps). */
export function isNormalizedEmailAddress(value: string): boolean {
  return normalizeEmailAddress(value) === value;
}

/** The domain of a stored address as people read it ("xn--bcher-kva.example" → "bücher.example"). */
export function readableDomain(domain: string): string {
  return domainToUnicode(domain) || domain;
}
