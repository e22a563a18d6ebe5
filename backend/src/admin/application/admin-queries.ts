import type { OutboxStatus } from '../../mail/mail.contract.js';
import type { DirectoryFilter, DirectorySort } from '../../waitlist/waitlist.contract.js';

/** The waitlist table's query (the export's has the same filter and sort, and no paging). */
export interface WaitlistQuery {
  readonly filter: DirectoryFilter;
  readonly sort: DirectorySort;
  readonly page: number;
  readonly pageSize: number;
  /** The filter and sort as a canonical query string, a search shown only by its length. */
  readonly summary: string;
}

/** The Mail screen's list: one status or all, newest first, a page at a time. */
export interface MailQuery {
  readonly status?: OutboxStatus;
  readonly page: number;
  readonly pageSize: number;
}
