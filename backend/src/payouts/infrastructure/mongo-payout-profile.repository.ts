import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { pick } from '../../common/domain/pick.js';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import {
  PayoutProfileRepository,
  type StoredPayoutProfile,
  type StoredRevision,
} from '../application/ports/payout-profile.repository.js';
import {
  type LinkedAccountState,
  type PayoutDestinationDetails,
  type PayoutProfile,
  pendingLinkedAccount,
} from '../domain/payout-profile.js';
import { PayoutProfileChangedError } from '../domain/payout-profile.errors.js';
import { AesGcmFieldCipher, type SealedField } from './aes-gcm-field-cipher.js';
import {
  PayoutClaimRecord,
  PayoutErasureRecord,
  PayoutProfileRecord,
  PayoutRevisionRecord,
} from './payout-profile.schema.js';

// The module registers the collections by these names (the schemas are declared beside).
export {
  PayoutClaimRecord,
  PayoutClaimSchema,
  PayoutErasureRecord,
  PayoutErasureSchema,
  PayoutProfileRecord,
  PayoutProfileSchema,
  PayoutRevisionRecord,
  PayoutRevisionSchema,
} from './payout-profile.schema.js';

/** The stored fields as a plain object (what the driver writes). */
type PayoutProfileFields = { [K in keyof PayoutProfileRecord]: PayoutProfileRecord[K] };

const revisionIdOf = (creatorId: string, revision: number) => `${creatorId}:${revision}`;

/**
 * The payout profiles on MongoDB/FerretDB. PAN, account number, UPI ID and GSTIN are sealed with AES-256-GCM
 * before they reach the driver and opened only here, so no other code sees a ciphertext and no
 * document holds them in the clear. Claims are inserts against unique `_id`s (FerretDB's
 * conditional updates are not atomic).
 */
@Injectable()
export class MongoPayoutProfileRepository extends PayoutProfileRepository {
  private readonly claims: ClaimOnce<FieldsOf<PayoutClaimRecord>>;

  constructor(
    @InjectModel(PayoutProfileRecord.name) private readonly profiles: Model<PayoutProfileRecord>,
    @InjectModel(PayoutRevisionRecord.name) private readonly revisions: Model<PayoutRevisionRecord>,
    @InjectModel(PayoutClaimRecord.name) claimModel: Model<PayoutClaimRecord>,
    @InjectModel(PayoutErasureRecord.name)
    private readonly erasures: Model<PayoutErasureRecord>,
    private readonly cipher: AesGcmFieldCipher,
  ) {
    super();
    this.claims = new ClaimOnce<FieldsOf<PayoutClaimRecord>>(
      claimModel.db,
      claimCollectionOf(claimModel),
    );
  }

  async find(creatorId: string): Promise<StoredPayoutProfile | null> {
    const record = await this.profiles.findById(creatorId).lean<PayoutProfileRecord>().exec();
    if (!record) return null;
    const linked = await this.revisions
      .findById(revisionIdOf(creatorId, record.revision))
      .lean<PayoutRevisionRecord>()
      .exec();
    return { profile: this.toProfile(record), linked: linked ? toLinked(linked) : null };
  }

  async saveRevision(profile: PayoutProfile): Promise<void> {
    const claimed = await insertedFirst(() =>
      this.revisions.create({
        _id: revisionIdOf(profile.creatorId, profile.revision),
        creatorId: profile.creatorId,
        revision: profile.revision,
        current: true,
        ...pendingLinkedAccount(profile.updatedAt),
      }),
    );
    if (!claimed) throw new PayoutProfileChangedError();
    await this.revisions
      .updateMany(
        { creatorId: profile.creatorId, revision: { $lt: profile.revision } },
        { $set: { current: false } },
      )
      .exec();
    await this.profiles
      .replaceOne({ _id: profile.creatorId }, this.toRecord(profile), { upsert: true })
      .exec();
  }

  async updatePreferences(profile: PayoutProfile): Promise<void> {
    const { details } = profile;
    // Re-sealed with the current key: a save after a key rotation moves the profile to it (and a
    // profile stored before the UPI ID and GSTIN were sealed to sealing them).
    const { pan, accountNumber, upiId, gstin } = this.toRecord(profile);
    const set: Partial<PayoutProfileFields> = {
      pan,
      accountNumber,
      upiId,
      gstin,
      bankName: details.bankName,
      updatedAt: profile.updatedAt,
    };
    await this.profiles
      .updateOne({ _id: profile.creatorId, revision: profile.revision }, { $set: set })
      .exec();
  }

  async recordLinkedAccount(
    creatorId: string,
    revision: number,
    state: LinkedAccountState,
  ): Promise<void> {
    await this.revisions
      .updateOne({ _id: revisionIdOf(creatorId, revision) }, { $set: toLinked(state) })
      .exec();
  }

  async findRevisionByAccountId(
    accountId: string,
  ): Promise<{ readonly creatorId: string; readonly revision: number } | null> {
    const record = await this.revisions.findOne({ accountId }).lean<PayoutRevisionRecord>().exec();
    return record ? { creatorId: record.creatorId, revision: record.revision } : null;
  }

  async pending(limit: number): Promise<StoredPayoutProfile[]> {
    const records = await this.revisions
      .find({ status: 'pending', current: true })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<PayoutRevisionRecord[]>()
      .exec();
    const found: StoredPayoutProfile[] = [];
    for (const revision of records) {
      const stored = await this.find(revision.creatorId);
      if (stored?.profile.revision === revision.revision) found.push(stored);
    }
    return found;
  }

  async claimRound(creatorId: string, revision: number, round: number): Promise<boolean> {
    const claimed = await this.claims.claim({
      _id: `${revisionIdOf(creatorId, revision)}:${round}`,
      creatorId,
      revision,
      round,
    });
    if (!claimed) return false;
    // Earlier rounds' claims have done their work.
    await this.claims.remove({ creatorId, round: { $lt: round } });
    return true;
  }

  async revisionsOf(creatorId: string): Promise<StoredRevision[]> {
    const records = await this.revisions
      .find({ creatorId })
      .sort({ revision: 1 })
      .lean<PayoutRevisionRecord[]>()
      .exec();
    return records.map((record) => ({ revision: record.revision, ...toLinked(record) }));
  }

  async erasedThrough(creatorId: string): Promise<number> {
    const record = await this.erasures.findById(creatorId).lean<PayoutErasureRecord>().exec();
    return record?.lastRevision ?? 0;
  }

  async erase(creatorId: string, at: Date): Promise<void> {
    // The last revision first (a retry after a crash finds it recorded), then the data.
    const [profile, latest, before] = await Promise.all([
      this.profiles.findById(creatorId, { revision: 1 }).lean<{ revision: number }>().exec(),
      this.revisions
        .findOne({ creatorId }, { revision: 1 })
        .sort({ revision: -1 })
        .lean<{ revision: number }>()
        .exec(),
      this.erasedThrough(creatorId),
    ]);
    const lastRevision = Math.max(before, profile?.revision ?? 0, latest?.revision ?? 0);
    if (lastRevision > before) {
      await this.erasures
        .replaceOne({ _id: creatorId }, { lastRevision, erasedAt: at }, { upsert: true })
        .exec();
    }
    await this.profiles.deleteOne({ _id: creatorId }).exec();
    await this.revisions.deleteMany({ creatorId }).exec();
    await this.claims.remove({ creatorId });
  }

  private toRecord(profile: PayoutProfile): PayoutProfileFields {
    const { creatorId, details } = profile;
    return {
      _id: creatorId,
      revision: profile.revision,
      contactEmail: profile.contactEmail,
      legalName: details.legalName,
      pan: this.cipher.seal(details.pan, `${creatorId}:pan`),
      phone: details.phone,
      payoutMethod: details.payoutMethod,
      accountNumber:
        details.accountNumber === null
          ? null
          : this.cipher.seal(details.accountNumber, `${creatorId}:accountNumber`),
      ifsc: details.ifsc,
      bankName: details.bankName,
      upiId: this.sealOptional(details.upiId, `${creatorId}:upiId`),
      gstin: this.sealOptional(details.gstin, `${creatorId}:gstin`),
      createdAt: profile.createdAt,
      updatedAt: profile.updatedAt,
    };
  }

  private sealOptional(value: string | null, associatedData: string): SealedField | null {
    return value === null ? null : this.cipher.seal(value, associatedData);
  }

  /** A sealed optional field opened, or one stored in the clear before #36 as it is. */
  private openOptional(
    value: SealedField | string | null | undefined,
    associatedData: string,
  ): string | null {
    if (value === null || value === undefined) return null;
    return typeof value === 'string' ? value : this.cipher.open(value, associatedData);
  }

  /**
   * A profile stored before the choice (no `payoutMethod`, migration 0003 sets it) had a bank
   * account, and the bank account wins over the UPI ID it may also hold.
   */
  private destinationOf(record: PayoutProfileRecord): PayoutDestinationDetails {
    const upiId = this.openOptional(record.upiId, `${record._id}:upiId`);
    if (record.payoutMethod === 'upi' && upiId) {
      return {
        payoutMethod: 'upi',
        upiId,
        accountNumber: null,
        ifsc: null,
        bankName: null,
      };
    }
    if (!record.accountNumber || !record.ifsc) {
      throw new Error(`Payout profile of ${record._id} has no settlement destination`);
    }
    return {
      payoutMethod: 'bank_account',
      accountNumber: this.cipher.open(record.accountNumber, `${record._id}:accountNumber`),
      ifsc: record.ifsc,
      bankName: record.bankName,
      upiId: null,
    };
  }

  private toProfile(record: PayoutProfileRecord): PayoutProfile {
    const creatorId = record._id;
    return {
      creatorId,
      revision: record.revision,
      contactEmail: record.contactEmail,
      details: {
        legalName: record.legalName,
        pan: this.cipher.open(record.pan, `${creatorId}:pan`),
        phone: record.phone,
        gstin: this.openOptional(record.gstin, `${creatorId}:gstin`),
        ...this.destinationOf(record),
      },
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    };
  }
}

/** The linked account's fields of a stored revision or of a state to store, and nothing else. */
function toLinked(record: LinkedAccountState): LinkedAccountState {
  return pick(record, ['accountId', 'gatewayStatus', 'status', 'failureReason', 'updatedAt']);
}
