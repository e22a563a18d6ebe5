/** Data-rights settings the personal page shows (GRIEVANCE_EMAIL; docs/privacy.md). */
export class PrivacySettings {
  constructor(
    /** Where privacy requests and grievances go. */
    readonly grievanceEmail: string,
  ) {}
}
