import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { isDuplicateKeysOnly } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { schemaIndexes } from '../../database/schema-indexes.js';
import { pick } from '../../common/domain/pick.js';
import {
  type InviteClaim,
  type InviteClaimOutcome,
  InviteStore,
} from '../application/ports/invite-store.js';
import {
  erasedInvite,
  type Invite,
  type InviteState,
  type InviteWave,
  stateOf,
  type WaveFunnel,
} from '../domain/invite.js';
import { InviteClaimRecord, InviteRecord, InviteWaveRecord } from './invite.schemas.js';

/** The invites' claims, through the claim-once kit. */
export function inviteClaimsOf(
  model: Model<InviteClaimRecord>,
): ClaimOnce<FieldsOf<InviteClaimRecord>> {
  return new ClaimOnce<FieldsOf<InviteClaimRecord>>(model.db, claimCollectionOf(model));
}

function toClaim(document: FieldsOf<InviteClaimRecord>): InviteClaim {
  return { inviteId: document._id, ...pick(document, ['outcome', 'at', 'userId', 'googleId']) };
}

function toInvite(document: FieldsOf<InviteRecord>): Invite {
  return {
    id: document._id,
    entryId: document.entryId,
    waveId: document.waveId,
    email: document.email,
    name: document.name,
    codeHash: document.codeHash,
    createdAt: document.createdAt,
    sentAt: document.sentAt,
    sendCount: document.sendCount,
    expiresAt: document.expiresAt,
    revokedAt: document.revokedAt,
    redeemedAt: document.redeemedAt,
    erasedAt: document.erasedAt,
    account:
      document.accountUserId && document.accountEmail
        ? { userId: document.accountUserId, email: document.accountEmail }
        : undefined,
  };
}

function toDocument(invite: Invite): FieldsOf<InviteRecord> {
  return {
    _id: invite.id,
    entryId: invite.entryId,
    waveId: invite.waveId,
    email: invite.email,
    name: invite.name,
    codeHash: invite.codeHash,
    createdAt: invite.createdAt,
    sentAt: invite.sentAt,
    sendCount: invite.sendCount,
    expiresAt: invite.expiresAt,
    ...(invite.revokedAt && { revokedAt: invite.revokedAt }),
    ...(invite.redeemedAt && { redeemedAt: invite.redeemedAt }),
    ...(invite.erasedAt && { erasedAt: invite.erasedAt }),
  };
}

/**
 * Invites in MongoDB (ADR 0024): `invites` (unique entry, unique code hash), `invite_claims`
 * (one per invite, unique `_id`: the claim-once step of redeeming and revoking) and
 * `invite_waves`. No transactions, no findOneAndUpdate: every decision is an insert against a
 * unique index; the updates after it are written by the claim's winner only.
 */
@Injectable()
export class MongoInviteStore extends InviteStore {
  private readonly claims: ClaimOnce<FieldsOf<InviteClaimRecord>>;

  constructor(
    @InjectModel(InviteRecord.name) private readonly invites: Model<InviteRecord>,
    @InjectModel(InviteClaimRecord.name) claimModel: Model<InviteClaimRecord>,
    @InjectModel(InviteWaveRecord.name) private readonly waves: Model<InviteWaveRecord>,
  ) {
    super();
    this.claims = inviteClaimsOf(claimModel);
  }

  /** The schema's indexes as the outbox builds its own: collections first, one index per command. */
  private readonly indexes = new IndexesBeforeFirstWrite(() =>
    createCollectionsAndIndexes(
      this.invites.db,
      [this.invites.collection.collectionName, this.waves.collection.collectionName],
      this.invites.collection,
      schemaIndexes(this.invites),
    ),
  );

  nextId(): string {
    return randomUUID();
  }

  async addMany(invites: readonly Invite[]): Promise<{ readonly alreadyInvited: string[] }> {
    if (invites.length === 0) return { alreadyInvited: [] };
    await this.indexes.ensure();
    try {
      await this.invites.insertMany(invites.map(toDocument), { ordered: false });
      return { alreadyInvited: [] };
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
    }
    // FerretDB does not say which index refused: the entries whose stored invite is not ours.
    const ours = new Map(invites.map((invite) => [invite.entryId, invite.id]));
    const stored = await this.invites
      .find({ entryId: { $in: [...ours.keys()] } }, { _id: 1, entryId: 1 })
      .lean<Pick<InviteRecord, '_id' | 'entryId'>[]>()
      .exec();
    return {
      alreadyInvited: stored
        .filter((document) => ours.get(document.entryId) !== document._id)
        .map((document) => document.entryId),
    };
  }

  async findByEntryIds(entryIds: readonly string[]): Promise<Invite[]> {
    if (entryIds.length === 0) return [];
    const documents = await this.invites
      .find({ entryId: { $in: [...entryIds] } })
      .lean<InviteRecord[]>()
      .exec();
    return documents.map(toInvite);
  }

  async findByEntryId(entryId: string): Promise<Invite | undefined> {
    if (typeof entryId !== 'string') return undefined;
    const document = await this.invites.findOne({ entryId }).lean<InviteRecord>().exec();
    return document ? toInvite(document) : undefined;
  }

  async findOutstanding(): Promise<{ readonly entryId: string; readonly createdAt: Date }[]> {
    const documents = await this.invites
      .find(
        {
          redeemedAt: { $exists: false },
          revokedAt: { $exists: false },
          erasedAt: { $exists: false },
        },
        { entryId: 1, createdAt: 1 },
      )
      .lean<Pick<InviteRecord, 'entryId' | 'createdAt'>[]>()
      .exec();
    return documents.map(({ entryId, createdAt }) => ({ entryId, createdAt }));
  }

  async findByCodeHash(codeHash: string): Promise<Invite | undefined> {
    const document = await this.invites.findOne({ codeHash }).lean<InviteRecord>().exec();
    return document ? toInvite(document) : undefined;
  }

  async replaceCode(
    inviteId: string,
    sendCount: number,
    codeHash: string,
    sentAt: Date,
    expiresAt: Date,
  ): Promise<boolean> {
    await this.indexes.ensure();
    const { matchedCount } = await this.invites
      .updateOne(
        { _id: inviteId, sendCount: sendCount - 1 },
        { $set: { codeHash, sentAt, expiresAt, sendCount } },
      )
      .exec();
    return matchedCount === 1;
  }

  async claim(claim: InviteClaim): Promise<InviteClaimOutcome> {
    const document: FieldsOf<InviteClaimRecord> = {
      _id: claim.inviteId,
      outcome: claim.outcome,
      at: claim.at,
      ...(claim.userId !== undefined && { userId: claim.userId }),
      ...(claim.googleId !== undefined && { googleId: claim.googleId }),
    };
    const outcome = await this.claims.claimOrFirst(document);
    return outcome.won
      ? outcome
      : { won: false, existing: outcome.first && toClaim(outcome.first) };
  }

  /** The claim deciding an invite's fate, if any (the integration tests read it too). */
  async findClaim(inviteId: string): Promise<InviteClaim | undefined> {
    const existing = await this.claims.find(inviteId);
    return existing && toClaim(existing);
  }

  async releaseClaim(inviteId: string, userId: string): Promise<void> {
    await this.claims.remove({ _id: inviteId, outcome: 'redeemed', userId });
  }

  async markRedeemed(
    inviteId: string,
    account: { readonly userId: string; readonly email: string },
    at: Date,
  ): Promise<void> {
    await this.invites
      .updateOne(
        { _id: inviteId, redeemedAt: { $exists: false }, erasedAt: { $exists: false } },
        { $set: { redeemedAt: at, accountUserId: account.userId, accountEmail: account.email } },
      )
      .exec();
    // Erased while the account was being created: the funnel counts it, nothing names it.
    await this.invites
      .updateOne(
        { _id: inviteId, redeemedAt: { $exists: false }, erasedAt: { $exists: true } },
        { $set: { redeemedAt: at } },
      )
      .exec();
  }

  async markRevoked(inviteId: string, at: Date): Promise<void> {
    await this.invites
      .updateOne({ _id: inviteId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } })
      .exec();
  }

  /**
   * The claim first, then the invite: until the invite is replaced it is still found by the
   * entry id, so a rerun after a crash in between does both steps again. The replacement keeps
   * the `_id` and writes every field a unique index covers (FerretDB: no sparse indexes).
   */
  async forgetEntry(entryId: string, at: Date): Promise<void> {
    if (typeof entryId !== 'string') return;
    const document = await this.invites.findOne({ entryId }).lean<InviteRecord>().exec();
    if (!document) return;
    await this.claims.unset(document._id, ['userId', 'googleId']);
    await this.invites
      .replaceOne({ _id: document._id, entryId }, toDocument(erasedInvite(toInvite(document), at)))
      .exec();
  }

  async addWave(wave: InviteWave): Promise<void> {
    await this.indexes.ensure();
    await this.waves.create({
      _id: wave.id,
      at: wave.at,
      actorUserId: wave.actorUserId,
      selection: wave.selection,
      invited: wave.invited,
      resent: wave.resent,
    });
  }

  /**
   * Counted in this process from a projection: FerretDB 1.x's aggregation lacks some of the
   * operators a $group with conditions needs, and a few thousand invites are read in
   * milliseconds. Only waves that first invited someone have a funnel (re-sends count there).
   */
  async funnel(now: Date): Promise<WaveFunnel[]> {
    const waves = await this.waves.find({}).sort({ at: -1 }).lean<InviteWaveRecord[]>().exec();
    const counts = new Map<string, Record<'invited' | InviteState, number>>();
    const cursor = this.invites
      .find({}, { waveId: 1, expiresAt: 1, revokedAt: 1, redeemedAt: 1 })
      .lean<InviteRecord>()
      .cursor();
    for await (const document of cursor) {
      let count = counts.get(document.waveId);
      if (!count) {
        count = { invited: 0, pending: 0, redeemed: 0, expired: 0, revoked: 0 };
        counts.set(document.waveId, count);
      }
      count.invited += 1;
      count[stateOf(document, now)] += 1;
    }
    return waves.flatMap((wave) => {
      const count = counts.get(wave._id);
      return count ? [{ waveId: wave._id, at: wave.at, selection: wave.selection, ...count }] : [];
    });
  }
}
