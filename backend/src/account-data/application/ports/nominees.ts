import type { Nominee } from '../../domain/nominee.js';

/** Each account's nominee, at most one (creators' and brands' alike). */
export abstract class Nominees {
  abstract find(accountId: string): Promise<Nominee | undefined>;
  abstract save(accountId: string, nominee: Nominee): Promise<void>;
  /** True when there was one. */
  abstract remove(accountId: string): Promise<boolean>;
}
