import { Types } from 'mongoose';

/**
 * Person `n`'s confirmed waitlist entry with seat `n`, as `confirm` leaves it in
 * `waitlist_entries`: for tests that seed the collection directly. `fields` replace any of it.
 */
export function confirmedEntryDocument(n: number, fields: Record<string, unknown> = {}) {
  return {
    _id: new Types.ObjectId(),
    fullName: `Creator ${n}`,
    email: `creator${n}@example.com`,
    phone: `9${String(n).padStart(9, '0')}`,
    phoneE164: `+919${String(n).padStart(9, '0')}`,
    instagramHandle: `creator_${n}`,
    userType: 'influencer',
    privacyNoticeVersion: '2026-11-01',
    consentedAt: new Date(),
    createdAt: new Date(),
    history: [{ at: new Date(), event: 'joined' }],
    status: 'confirmed',
    seat: n,
    confirmedAt: new Date(),
    ...fields,
  };
}
