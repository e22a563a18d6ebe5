import type { BrandAccount, NewBrandAccount } from '../../domain/user.js';

/** The company profile a brand gives after its first verification. */
export interface BrandProfile {
  readonly companyName: string;
  readonly contactName: string;
}

/** Persistence of brand accounts: one per mobile number (`phone` is unique). */
export abstract class BrandAccountRepository {
  abstract nextId(): string;

  /** Throws BrandAccountExistsError when the number (or `id`) has an account already. */
  abstract create(account: NewBrandAccount, id?: string): Promise<BrandAccount>;

  abstract findByPhone(phone: string): Promise<BrandAccount | null>;

  abstract findById(id: string): Promise<BrandAccount | null>;

  abstract recordSignIn(id: string, at: Date): Promise<BrandAccount | null>;

  /** Null when the account no longer exists. */
  abstract updateProfile(id: string, profile: BrandProfile): Promise<BrandAccount | null>;
}
