import { type CreatorLimitValues, DEFAULT_CREATOR_LIMITS } from '../../domain/creator-limits.js';

/** Configuration the deals use cases read (DEAL_LINK_TTL_DAYS, PUBLIC_URL, the creator limits). */
export class DealSettings {
  constructor(
    /** How long the brand's review link works after sending. */
    readonly linkTtlDays: number,
    /** The web app's origin, for links in e-mails. */
    readonly publicUrl: string,
    /** The per-creator limits on sending and cancellation proposals (DEAL_SENDS_PER_DAY, …). */
    readonly limits: CreatorLimitValues = DEFAULT_CREATOR_LIMITS,
  ) {}
}
