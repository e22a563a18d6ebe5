import type { Migration } from './migration.js';

/**
 * Before ADR 0059 every payout profile settled to its bank account and a UPI ID beside it was a
 * stated preference only. Those profiles get `payoutMethod: "bank_account"` (the bank account
 * wins) and lose the unused UPI ID, so a profile holds one settlement destination. Profiles that
 * already have a method are left alone: running it again changes nothing.
 */
export const payoutProfileMethod: Migration = {
  id: '0003-payout-profile-method',
  async up(db) {
    await db
      .collection('payout_profiles')
      .updateMany(
        { payoutMethod: { $exists: false } },
        { $set: { payoutMethod: 'bank_account', upiId: null } },
      );
  },
};
