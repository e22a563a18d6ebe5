import type { Types } from 'mongoose';
import type {
  DirectoryEntry,
  EntryEvent,
  EntryStatus,
} from '../../../application/ports/waitlist-directory.js';
import { ENTRY_STATUSES } from '../../../application/ports/waitlist-directory.js';
import { EARLY_ACCESS_SLOTS } from '../../../domain/seat.js';
import type { UserType } from '../../../domain/user-type.js';

/**
 * A `waitlist_entries` document as the read side finds it: entries from before confirmation
 * existed have no status, createdAt, confirmedAt or history (they are confirmed, with a seat).
 */
export interface StoredDirectoryEntry {
  _id: Types.ObjectId;
  fullName: string;
  email: string;
  phone: string;
  instagramHandle: string;
  userType: string;
  consentedAt: Date;
  status?: string;
  seat?: number | null;
  confirmedAt?: Date | null;
  history?: { at: Date; event: string; fields?: string[] }[];
  joinedAccountId?: string | null;
  joinedAccountEmail?: string | null;
}

/** The fields the directory reads (never the consent version or the E.164 copy). */
export const DIRECTORY_PROJECTION = {
  fullName: 1,
  email: 1,
  phone: 1,
  instagramHandle: 1,
  userType: 1,
  consentedAt: 1,
  status: 1,
  seat: 1,
  confirmedAt: 1,
  history: 1,
  joinedAccountId: 1,
  joinedAccountEmail: 1,
} as const;

export function statusOf(stored: string | null | undefined): EntryStatus {
  return (ENTRY_STATUSES as readonly string[]).includes(stored ?? '')
    ? (stored as EntryStatus)
    : 'confirmed';
}

/** The one place of the read side that knows `_id` and the stored field names. */
export function toDirectoryEntry(record: StoredDirectoryEntry): DirectoryEntry {
  const seat = typeof record.seat === 'number' ? record.seat : null;
  // Submitting is consenting: consentedAt is the submission time in every generation of entry
  // (createdAt, where present, holds the same instant), and the one sorts and filters use.
  const joinedAt = record.consentedAt;
  const history: EntryEvent[] = (record.history ?? []).map(({ at, event, fields }) => ({
    at,
    event,
    ...(fields && { fields: [...fields] }),
  }));
  return {
    id: record._id.toHexString(),
    fullName: record.fullName,
    email: record.email,
    phone: record.phone,
    instagramHandle: record.instagramHandle,
    userType: record.userType as UserType,
    status: statusOf(record.status),
    seat,
    earlyAccess: seat !== null && seat <= EARLY_ACCESS_SLOTS,
    joinedAt,
    confirmedAt: record.confirmedAt ?? null,
    account:
      record.joinedAccountId && record.joinedAccountEmail
        ? { id: record.joinedAccountId, email: record.joinedAccountEmail }
        : null,
    // Entries from before the history existed: their submission is the one thing known.
    history: history.length > 0 ? history : [{ at: joinedAt, event: 'submitted' }],
  };
}
