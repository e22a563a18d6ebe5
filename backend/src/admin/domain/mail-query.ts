import { OUTBOX_STATUSES, type OutboxStatus } from '../../mail/mail.contract.js';
import { InvalidAdminQueryError } from './admin.errors.js';
import { parsePageQuery } from './waitlist-query.js';

/** The Mail screen's list: one status or all, newest first, a page at a time. */
export interface MailQuery {
  readonly status?: OutboxStatus;
  readonly page: number;
  readonly pageSize: number;
}

/** The outbox message ids the store hands out (UUIDs); anything else cannot exist. */
export const MAIL_MESSAGE_ID_PATTERN =
  '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const MAIL_MESSAGE_ID = new RegExp(MAIL_MESSAGE_ID_PATTERN);

export function isMailMessageId(value: string): boolean {
  return MAIL_MESSAGE_ID.test(value);
}

/** `status`, `page` and `pageSize`, checked as the other lists' parameters are (400 otherwise). */
export function parseMailQuery(raw: Readonly<Record<string, unknown>>): MailQuery {
  const { status, ...paging } = raw;
  let problems: Record<string, string> = {};
  let page = 1;
  let pageSize = 0;
  try {
    ({ page, pageSize } = parsePageQuery(paging));
  } catch (error) {
    if (!(error instanceof InvalidAdminQueryError)) throw error;
    problems = { ...error.fieldErrors };
  }
  if (status !== undefined) {
    if (typeof status !== 'string') {
      problems = { ...problems, status: 'status must be given once' };
    } else if (!(OUTBOX_STATUSES as readonly string[]).includes(status)) {
      problems = { ...problems, status: `status must be one of ${OUTBOX_STATUSES.join(', ')}` };
    }
  }
  if (Object.keys(problems).length > 0) throw new InvalidAdminQueryError(problems);
  return {
    ...(status !== undefined && { status: status as OutboxStatus }),
    page,
    pageSize,
  };
}
