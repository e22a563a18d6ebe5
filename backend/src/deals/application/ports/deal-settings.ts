/** Configuration the deals use cases read (DEAL_LINK_TTL_DAYS, PUBLIC_URL). */
export class DealSettings {
  constructor(
    /** How long the brand's review link works after sending. */
    readonly linkTtlDays: number,
    /** The web app's origin, for links in e-mails. */
    readonly publicUrl: string,
  ) {}
}
