/** Fresh invite codes and the hash that is stored instead of them. */
export abstract class InviteCodes {
  /** At least 128 random bits (ADR 0024: 256), URL-safe. */
  abstract generate(): string;

  abstract hash(code: string): string;
}
