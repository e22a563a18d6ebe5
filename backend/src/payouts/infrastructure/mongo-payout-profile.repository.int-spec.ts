import { randomBytes } from 'node:crypto';
import { payoutProfileMethod } from '../../database/migrations/0003-payout-profile-method.js';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import type { PayoutProfile } from '../domain/payout-profile.js';
import { PayoutProfileChangedError } from '../domain/payout-profile.errors.js';
import { AesGcmFieldCipher, keyIdOf, UnreadableFieldError } from './aes-gcm-field-cipher.js';
import {
  MongoPayoutProfileRepository,
  PayoutClaimRecord,
  PayoutClaimSchema,
  PayoutErasureRecord,
  PayoutErasureSchema,
  PayoutProfileRecord,
  PayoutProfileSchema,
  PayoutRevisionRecord,
  PayoutRevisionSchema,
} from './mongo-payout-profile.repository.js';

const PAN = 'ABCPE1234F';
const ACCOUNT = '50100123456789';
const NOW = new Date('2026-11-25T10:00:00Z');

function profile(creatorId: string, revision = 1, accountNumber = ACCOUNT): PayoutProfile {
  return {
    creatorId,
    revision,
    contactEmail: 'riya@example.com',
    details: {
      legalName: 'Riya Sharma',
      pan: PAN,
      phone: '9876543210',
      payoutMethod: 'bank_account',
      accountNumber,
      ifsc: 'HDFC0000001',
      bankName: 'HDFC Bank',
      upiId: null,
      gstin: null,
    },
    createdAt: NOW,
    updatedAt: NOW,
  };
}

const UPI_ID = 'riya@okaxis';
const GSTIN = `27${PAN}1Z5`;

/** A profile paid to a UPI ID, with a GSTIN. */
function upiProfile(creatorId: string): PayoutProfile {
  const base = profile(creatorId);
  return {
    ...base,
    details: {
      ...base.details,
      payoutMethod: 'upi',
      upiId: UPI_ID,
      accountNumber: null,
      ifsc: null,
      bankName: null,
      gstin: GSTIN,
    },
  };
}

describe('MongoPayoutProfileRepository against the real database', () => {
  const connection = databaseEmptiedBeforeEachTest();
  const firstKey = randomBytes(32);
  const secondKey = randomBytes(32);

  const repositoryWith = (cipher: AesGcmFieldCipher) =>
    new MongoPayoutProfileRepository(
      connection().model(PayoutProfileRecord.name, PayoutProfileSchema),
      connection().model(PayoutRevisionRecord.name, PayoutRevisionSchema),
      connection().model(PayoutClaimRecord.name, PayoutClaimSchema),
      connection().model(PayoutErasureRecord.name, PayoutErasureSchema),
      cipher,
    );

  it('migration 0003: a profile stored with a bank account and a UPI ID keeps the bank account', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(profile('creator-1'));
    const raw = connection().collection('payout_profiles');
    // The shape before ADR 0059: no method, a UPI ID beside the bank account.
    await raw.updateOne(
      { _id: 'creator-1' as never },
      { $unset: { payoutMethod: '' }, $set: { upiId: 'riya@okaxis' } },
    );
    const db = connection().db;
    if (!db) throw new Error('no database');
    await payoutProfileMethod.up(db);
    await payoutProfileMethod.up(db);
    expect(await raw.findOne({ _id: 'creator-1' as never })).toMatchObject({
      payoutMethod: 'bank_account',
      upiId: null,
    });
    expect((await profiles.find('creator-1'))?.profile.details).toMatchObject({
      payoutMethod: 'bank_account',
      accountNumber: ACCOUNT,
      upiId: null,
    });
  });

  it('stores a UPI destination without any bank account, the UPI ID and GSTIN only sealed', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(upiProfile('creator-2'));
    const raw = await connection()
      .collection('payout_profiles')
      .findOne({ _id: 'creator-2' as never });
    expect(raw).toMatchObject({ payoutMethod: 'upi', accountNumber: null, ifsc: null });
    const text = JSON.stringify(raw);
    for (const clear of [UPI_ID, 'okaxis', GSTIN, PAN, '1234']) expect(text).not.toContain(clear);
    expect(raw?.upiId).toMatchObject({ keyId: keyIdOf(firstKey) });
    expect(raw?.gstin).toMatchObject({ keyId: keyIdOf(firstKey) });
    expect((await profiles.find('creator-2'))?.profile.details).toMatchObject({
      payoutMethod: 'upi',
      upiId: UPI_ID,
      gstin: GSTIN,
      accountNumber: null,
    });
  });

  it('reads a UPI ID and GSTIN stored in the clear before #36, and seals them at the next save', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(upiProfile('creator-3'));
    const raw = connection().collection('payout_profiles');
    await raw.updateOne({ _id: 'creator-3' as never }, { $set: { upiId: UPI_ID, gstin: GSTIN } });
    expect((await profiles.find('creator-3'))?.profile.details).toMatchObject({
      upiId: UPI_ID,
      gstin: GSTIN,
    });
    await profiles.updatePreferences({ ...upiProfile('creator-3'), updatedAt: new Date() });
    const text = JSON.stringify(await raw.findOne({ _id: 'creator-3' as never }));
    expect(text).not.toContain(UPI_ID);
    expect(text).not.toContain(GSTIN);
    expect((await profiles.find('creator-3'))?.profile.details).toMatchObject({
      upiId: UPI_ID,
      gstin: GSTIN,
    });
  });

  it('stores PAN and account number only as ciphertext, and reads them back', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(profile('creator-1'));

    const raw = await connection()
      .collection('payout_profiles')
      .findOne({ _id: 'creator-1' as never });
    const text = JSON.stringify(raw);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain('1234');
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain('6789');
    expect(raw?.pan).toMatchObject({ keyId: keyIdOf(firstKey) });

    expect((await profiles.find('creator-1'))?.profile.details).toMatchObject({
      pan: PAN,
      accountNumber: ACCOUNT,
    });
    expect((await profiles.find('creator-1'))?.linked).toMatchObject({
      status: 'pending',
      accountId: null,
    });
  });

  it('reads after a key rotation and moves the profile to the new key at its next save', async () => {
    await repositoryWith(new AesGcmFieldCipher(firstKey)).saveRevision(profile('creator-2'));
    const rotated = repositoryWith(new AesGcmFieldCipher(secondKey, [firstKey]));
    const stored = await rotated.find('creator-2');
    expect(stored?.profile.details.pan).toBe(PAN);

    await rotated.updatePreferences({ ...profile('creator-2'), updatedAt: new Date() });
    const raw = await connection()
      .collection('payout_profiles')
      .findOne({ _id: 'creator-2' as never });
    expect(raw?.pan).toMatchObject({ keyId: keyIdOf(secondKey) });
    expect(raw?.accountNumber).toMatchObject({ keyId: keyIdOf(secondKey) });
    // The old key can go now.
    expect(
      (await repositoryWith(new AesGcmFieldCipher(secondKey)).find('creator-2'))?.profile.details
        .pan,
    ).toBe(PAN);
    await expect(
      repositoryWith(new AesGcmFieldCipher(firstKey)).find('creator-2'),
    ).rejects.toBeInstanceOf(UnreadableFieldError);
  });

  it('claims a revision once: of 10 simultaneous saves of revision 2, one wins', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(profile('creator-3'));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        profiles.saveRevision(profile('creator-3', 2, '123456789012')),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toBeInstanceOf(PayoutProfileChangedError);
    }
    expect((await profiles.find('creator-3'))?.profile.revision).toBe(2);
  });

  it('follows only current pending revisions, finds a revision by its account, claims a round once', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(profile('creator-4'));
    await profiles.recordLinkedAccount('creator-4', 1, {
      accountId: 'acc_old',
      gatewayStatus: 'created',
      status: 'pending',
      failureReason: null,
      updatedAt: NOW,
    });
    await profiles.saveRevision(profile('creator-4', 2, '123456789012'));
    const pending = await profiles.pending(10);
    expect(pending.map((stored) => [stored.profile.creatorId, stored.profile.revision])).toEqual([
      ['creator-4', 2],
    ]);
    expect(await profiles.findRevisionByAccountId('acc_old')).toEqual({
      creatorId: 'creator-4',
      revision: 1,
    });
    expect(await profiles.findRevisionByAccountId('acc_none')).toBeNull();

    const claims = await Promise.all(
      Array.from({ length: 10 }, () => profiles.claimRound('creator-4', 2, 7)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await profiles.claimRound('creator-4', 2, 8)).toBe(true);

    await profiles.recordLinkedAccount('creator-4', 2, {
      accountId: 'acc_new',
      gatewayStatus: 'activated',
      status: 'verified',
      failureReason: null,
      updatedAt: NOW,
    });
    expect(await profiles.pending(10)).toEqual([]);
    expect((await profiles.find('creator-4'))?.linked).toMatchObject({
      accountId: 'acc_new',
      status: 'verified',
    });
  });

  it('erases everything of one creator, and nothing of another', async () => {
    const profiles = repositoryWith(new AesGcmFieldCipher(firstKey));
    await profiles.saveRevision(profile('creator-5'));
    await profiles.saveRevision(profile('creator-6'));
    await profiles.saveRevision(profile('creator-5', 2));
    await profiles.claimRound('creator-5', 2, 1);
    expect((await profiles.revisionsOf('creator-5')).map(({ revision }) => revision)).toEqual([
      1, 2,
    ]);
    expect(await profiles.erasedThrough('creator-5')).toBe(0);
    await profiles.erase('creator-5', NOW);
    await profiles.erase('creator-5', NOW);
    expect(await profiles.find('creator-5')).toBeNull();
    expect(await profiles.revisionsOf('creator-5')).toEqual([]);
    // Only the last revision number and the time stay: a new profile continues from 3.
    expect(await profiles.erasedThrough('creator-5')).toBe(2);
    const kept = await connection()
      .collection('payout_profile_erasures')
      .findOne({ _id: 'creator-5' as never });
    expect(Object.keys(kept ?? {}).sort()).toEqual(['_id', 'erasedAt', 'lastRevision']);
    expect(
      await connection()
        .collection('payout_profile_revisions')
        .countDocuments({ creatorId: 'creator-5' }),
    ).toBe(0);
    expect(
      await connection()
        .collection('payout_profile_claims')
        .countDocuments({ creatorId: 'creator-5' }),
    ).toBe(0);
    expect(await profiles.find('creator-6')).not.toBeNull();
  });
});
