/** The admin waitlist table's rows, their sort keys per order, and the table's counters. */
import {
  type DirectoryEntry,
  type DirectorySortField,
  ENTRY_STATUSES,
  type EntryStatus,
} from '../../../../application/ports/waitlist-directory.js';
import { USER_TYPES, type UserType } from '../../../../domain/user-type.js';
import { type StoredDirectoryEntry, toDirectoryEntry } from '../waitlist-directory.mapper.js';

/** A row: the entry as the table shows it, times in epoch milliseconds. */
export interface WaitlistRow {
  readonly id: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly instagramHandle: string;
  readonly userType: UserType;
  readonly status: EntryStatus;
  readonly seat: number | null;
  readonly earlyAccess: boolean;
  readonly joinedAt: number;
  readonly confirmedAt: number | null;
  readonly account: { readonly id: string; readonly email: string } | null;
}

/** The row of an entry. Without its history: the table does not show it (the entry's page does). */
export function rowOf(stored: StoredDirectoryEntry): WaitlistRow {
  const entry = toDirectoryEntry(stored);
  return {
    id: entry.id,
    fullName: entry.fullName,
    email: entry.email,
    phone: entry.phone,
    instagramHandle: entry.instagramHandle,
    userType: entry.userType,
    status: entry.status,
    seat: entry.seat,
    earlyAccess: entry.earlyAccess,
    joinedAt: entry.joinedAt.getTime(),
    confirmedAt: entry.confirmedAt?.getTime() ?? null,
    account: entry.account,
  };
}

/** A table row as a directory entry: its history left empty (pages carry none). */
export function entryOf(row: WaitlistRow): DirectoryEntry {
  return {
    ...row,
    joinedAt: new Date(row.joinedAt),
    confirmedAt: row.confirmedAt === null ? null : new Date(row.confirmedAt),
    history: [],
  };
}

/** The list of one order (ascending; a descending page is read from its end). */
export const listKeyOf = (field: DirectorySortField) => `w:${field}`;
export const SORT_LISTS: readonly DirectorySortField[] = ['joinedAt', 'seat', 'name'];

/**
 * Each order's key: the directory's sort (`toSort`) with the id as tie-breaker. Entries without
 * a seat sort first, as MongoDB sorts a missing field first; names compare by code unit.
 */
export function sortKeyOf(field: DirectorySortField, row: WaitlistRow): string {
  switch (field) {
    case 'joinedAt':
      return `${String(row.joinedAt).padStart(15, '0')}:${row.id}`;
    case 'seat':
      return row.seat === null ? `0:${row.id}` : `1${String(row.seat).padStart(10, '0')}:${row.id}`;
    case 'name':
      return `${row.fullName}\u0000${row.id}`;
  }
}

/** The table's counts, added to and taken from as entries change. */
export interface WaitlistCounters {
  byStatus: Partial<Record<EntryStatus, number>>;
  byUserType: Partial<Record<string, number>>;
  /** Sign-ups per UTC day (YYYY-MM-DD) of submission. */
  perDay: Record<string, number>;
}

export const emptyCounters = (): WaitlistCounters => ({ byStatus: {}, byUserType: {}, perDay: {} });

const bump = (record: Record<string, number | undefined>, key: string, by: number) => {
  const next = (record[key] ?? 0) + by;
  if (next === 0) Reflect.deleteProperty(record, key);
  else record[key] = next;
};

export function countInto(counters: WaitlistCounters, row: WaitlistRow, sign: 1 | -1): void {
  bump(counters.byStatus, row.status, sign);
  bump(counters.byUserType, row.userType, sign);
  bump(counters.perDay, new Date(row.joinedAt).toISOString().slice(0, 10), sign);
}

/** Counters in a canonical form (rebuild compares them). */
export function canonicalCounters(counters: WaitlistCounters): string {
  const sorted = (record: Record<string, number | undefined>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([, count]) => count !== 0 && count !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  return JSON.stringify({
    byStatus: sorted(counters.byStatus),
    byUserType: sorted(counters.byUserType),
    perDay: sorted(counters.perDay),
  });
}

export const zeroedStatuses = (counters: WaitlistCounters) =>
  Object.fromEntries(
    ENTRY_STATUSES.map((status) => [status, counters.byStatus[status] ?? 0]),
  ) as Record<EntryStatus, number>;

export const zeroedUserTypes = (counters: WaitlistCounters) =>
  Object.fromEntries(USER_TYPES.map((type) => [type, counters.byUserType[type] ?? 0])) as Record<
    UserType,
    number
  >;
