import type { UserType } from '../../domain/user-type.js';

/** Where an entry stands: submitted, e-mail confirmed (holds a seat), invited, joined Paylock. */
export const ENTRY_STATUSES = ['awaiting_confirmation', 'confirmed', 'invited', 'joined'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const DIRECTORY_SORT_FIELDS = ['seat', 'joinedAt', 'name'] as const;
export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

/** One step of an entry's history (submitted, confirmed, invited, …), as the entry records it. */
export interface EntryEvent {
  readonly at: Date;
  readonly event: string;
  readonly fields?: readonly string[];
}

/** An entry as the back-office sees it. */
export interface DirectoryEntry {
  readonly id: string;
  readonly fullName: string;
  readonly email: string;
  /** Ten digits, as stored. */
  readonly phone: string;
  readonly instagramHandle: string;
  readonly userType: UserType;
  readonly status: EntryStatus;
  /** Null until the e-mail is confirmed. */
  readonly seat: number | null;
  readonly earlyAccess: boolean;
  /** When the form was submitted. */
  readonly joinedAt: Date;
  readonly confirmedAt: Date | null;
  /** The account an invite was redeemed by; its (Google) e-mail may differ from `email`. */
  readonly account: { readonly id: string; readonly email: string } | null;
  readonly history: readonly EntryEvent[];
}

/**
 * A search typed by an admin, already normalised the way the waitlist form normalises what it
 * stores: plain text to look for, never a pattern or an operator.
 */
export interface DirectorySearch {
  /** Trimmed, whitespace collapsed; matched inside names (case-insensitively) and e-mails. */
  readonly text: string;
  /** Lower-cased: e-mails are stored lower-cased. */
  readonly email: string;
  /** The digits of a phone number, without +91 / 0 prefixes; null when `text` has none. */
  readonly phoneDigits: string | null;
  /** Without the leading @ the form also strips; null when it cannot be part of a handle. */
  readonly handle: string | null;
}

export interface DirectoryFilter {
  readonly statuses?: readonly EntryStatus[];
  readonly userTypes?: readonly UserType[];
  /** true: seats 1–1,000; false: confirmed beyond them or not yet confirmed. */
  readonly earlyAccess?: boolean;
  /** Submitted at or after. */
  readonly joinedFrom?: Date;
  /** Submitted before. */
  readonly joinedBefore?: Date;
  readonly search?: DirectorySearch;
}

export interface DirectorySort {
  readonly field: DirectorySortField;
  readonly direction: SortDirection;
}

export interface DirectoryPageQuery {
  readonly filter: DirectoryFilter;
  readonly sort: DirectorySort;
  /** From 1. */
  readonly page: number;
  readonly pageSize: number;
}

export interface DirectoryPage {
  readonly items: readonly DirectoryEntry[];
  /** Entries matching the filter, over all pages. */
  readonly total: number;
}

export interface DailyCount {
  /** YYYY-MM-DD, UTC. */
  readonly day: string;
  readonly count: number;
}

export interface WaitlistFigures {
  readonly entries: number;
  readonly byStatus: Readonly<Record<EntryStatus, number>>;
  readonly byUserType: Readonly<Record<UserType, number>>;
  /** One element per day from `since`'s day to today, days without sign-ups included. */
  readonly signUpsPerDay: readonly DailyCount[];
}

/**
 * The waitlist's read side for the back-office: queries over every entry, never writes. Reads
 * entries as `confirm` stores them; entries stored before statuses existed count as confirmed.
 */
export abstract class WaitlistDirectory {
  abstract page(query: DirectoryPageQuery): Promise<DirectoryPage>;

  /** Every matching entry in order, read through a cursor (constant memory, any count). */
  abstract stream(filter: DirectoryFilter, sort: DirectorySort): AsyncIterable<DirectoryEntry>;

  abstract findById(id: string): Promise<DirectoryEntry | null>;

  /** Counts, and sign-ups per UTC day from `since` (a UTC midnight) to `until`. */
  abstract figures(since: Date, until: Date): Promise<WaitlistFigures>;
}
