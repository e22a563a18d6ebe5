import { Types } from 'mongoose';
import type { Seat } from '../../../domain/seat.js';
import type { WaitlistEntry } from '../../../domain/waitlist-entry.js';
import type { WaitlistEntryFields } from './waitlist-entry.schema.js';

export function toWaitlistEntryRecord(entry: WaitlistEntry, seat: Seat): WaitlistEntryFields {
  return {
    _id: new Types.ObjectId(entry.id),
    fullName: entry.fullName.value,
    email: entry.email.value,
    phone: entry.phone.national,
    phoneE164: entry.phone.e164,
    instagramHandle: entry.instagramHandle.value,
    userType: entry.userType,
    seat: seat.number,
    privacyNoticeVersion: entry.consent.privacyNoticeVersion,
    consentedAt: entry.consent.consentedAt,
  };
}
