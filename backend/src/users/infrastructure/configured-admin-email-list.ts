import { AdminEmailList } from '../application/ports/admin-email-list.js';

/** ADMIN_EMAILS, as parsed (lower-cased) by the configuration. */
export class ConfiguredAdminEmailList extends AdminEmailList {
  private readonly emails: ReadonlySet<string>;

  constructor(emails: readonly string[]) {
    super();
    this.emails = new Set(emails);
  }

  includes(email: string): boolean {
    return this.emails.has(email);
  }
}
