/** INVITE_TTL_DAYS and PUBLIC_URL, as the use cases need them. */
export class InviteSettings {
  constructor(
    readonly ttlDays: number,
    /** No trailing slash. */
    readonly publicUrl: string,
  ) {}
}
