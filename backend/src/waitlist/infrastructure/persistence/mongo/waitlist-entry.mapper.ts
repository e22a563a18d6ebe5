import { Types } from 'mongoose';
import { EmailAddress } from '../../../domain/email-address.js';
import { FullName } from '../../../domain/full-name.js';
import { IndianMobileNumber } from '../../../domain/indian-mobile-number.js';
import { InstagramHandle } from '../../../domain/instagram-handle.js';
import { Seat } from '../../../domain/seat.js';
import { parseUserType } from '../../../domain/user-type.js';
import type {
  WaitlistEntry,
  WaitlistEvent,
  WaitlistHistoryEvent,
  WaitlistStatus,
} from '../../../domain/waitlist-entry.js';
import type { WaitlistEntryFields, WaitlistHistoryRecord } from './waitlist-entry.schema.js';

/** A new entry's record: every field written, the seat absent until confirmation. */
export function toWaitlistEntryRecord(entry: WaitlistEntry): WaitlistEntryFields {
  return {
    _id: new Types.ObjectId(entry.id),
    fullName: entry.fullName.value,
    email: entry.email.value,
    phone: entry.phone.national,
    phoneE164: entry.phone.e164,
    instagramHandle: entry.instagramHandle.value,
    userType: entry.userType,
    privacyNoticeVersion: entry.consent.privacyNoticeVersion,
    consentedAt: entry.consent.consentedAt,
    createdAt: entry.createdAt,
    status: entry.status,
    ...(entry.confirmedAt && { confirmedAt: entry.confirmedAt }),
    ...(entry.seat && { seat: entry.seat.number }),
    ...(entry.confirmationExpiresAt && { confirmationExpiresAt: entry.confirmationExpiresAt }),
    trapped: entry.trapped,
    history: entry.history.map(toHistoryRecord),
    ...(entry.pendingEmail && {
      pendingEmail: {
        email: entry.pendingEmail.email.value,
        requestedAt: entry.pendingEmail.requestedAt,
      },
    }),
    ...(entry.emailChangeRequestedAt && { emailChangeRequestedAt: entry.emailChangeRequestedAt }),
    ...(entry.erasureRequestedAt && { erasureRequestedAt: entry.erasureRequestedAt }),
  };
}

export function toHistoryRecord({
  at,
  event,
  fields,
}: WaitlistHistoryEvent): WaitlistHistoryRecord {
  return { at, event, ...(fields && { fields: [...fields] }) };
}

/** A stored entry; one written before confirmations existed is a confirmed one with its seat. */
export function toWaitlistEntry(record: WaitlistEntryFields): WaitlistEntry {
  const status: WaitlistStatus = record.status ?? 'confirmed';
  return {
    id: record._id.toHexString(),
    fullName: FullName.fromStored(record.fullName),
    email: EmailAddress.fromStored(record.email),
    phone: IndianMobileNumber.parse(record.phone),
    instagramHandle: InstagramHandle.parse(record.instagramHandle),
    userType: parseUserType(record.userType),
    consent: {
      privacyNoticeVersion: record.privacyNoticeVersion,
      consentedAt: record.consentedAt,
    },
    createdAt: record.createdAt ?? record.consentedAt,
    status,
    confirmedAt: record.confirmedAt,
    seat: record.seat === undefined ? undefined : Seat.of(record.seat),
    confirmationExpiresAt: record.confirmationExpiresAt,
    trapped: record.trapped ?? false,
    history: (record.history ?? []).map(({ at, event, fields }) => ({
      at,
      event: event as WaitlistEvent,
      ...(fields && { fields }),
    })),
    pendingEmail: record.pendingEmail && {
      email: EmailAddress.fromStored(record.pendingEmail.email),
      requestedAt: record.pendingEmail.requestedAt,
    },
    emailChangeRequestedAt: record.emailChangeRequestedAt,
    erasureRequestedAt: record.erasureRequestedAt,
  };
}
