import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { LinkTokens, type LinkTokenRequest } from '../application/ports/link-tokens.js';
import { checkLinkToken, type LinkPurpose, type LinkTokenCheck } from '../domain/link-token.js';
import {
  hashSecretToken as linkTokenHash,
  newSecretToken as newLinkToken,
} from '../../common/domain/secret-token.js';

/** One issued token, by the hash of the token. */
@Schema({ collection: 'link_tokens', versionKey: false, autoIndex: false, autoCreate: false })
export class LinkTokenRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** A LinkPurpose when written; read as any string, since other versions may write others. */
  @Prop({ type: String, required: true })
  purpose!: string;

  @Prop({ type: String, required: true })
  subject!: string;

  @Prop({ type: Date, required: true })
  issuedAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const LinkTokenSchema = SchemaFactory.createForClass(LinkTokenRecord);

/** One use of a token: the _id (the token's hash) is unique, so a use is claimed once. */
@Schema({ collection: 'link_token_uses', versionKey: false, autoIndex: false, autoCreate: false })
export class LinkTokenUseRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  usedAt!: Date;

  /** Kept so that uses are discarded with their tokens. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const LinkTokenUseSchema = SchemaFactory.createForClass(LinkTokenUseRecord);

/**
 * Tokens in `link_tokens`, uses in `link_token_uses`: FerretDB 1.x has no atomic
 * findOneAndUpdate, so "first use" is an insert against the unique _id, not a conditional update.
 * Both are keyed by _id alone: no index to build before the first write.
 */
@Injectable()
export class MongoLinkTokens extends LinkTokens {
  private readonly uses: ClaimOnce<FieldsOf<LinkTokenUseRecord>>;

  constructor(
    @InjectModel(LinkTokenRecord.name) private readonly tokens: Model<LinkTokenRecord>,
    @InjectModel(LinkTokenUseRecord.name) useModel: Model<LinkTokenUseRecord>,
  ) {
    super();
    this.uses = new ClaimOnce<FieldsOf<LinkTokenUseRecord>>(
      useModel.db,
      claimCollectionOf(useModel),
    );
  }

  async issue({ purpose, subject, issuedAt, expiresAt }: LinkTokenRequest): Promise<string> {
    const token = newLinkToken();
    await this.tokens.create({
      _id: linkTokenHash(token),
      purpose,
      subject,
      issuedAt,
      expiresAt,
    });
    return token;
  }

  /** One unordered bulk insert: the tokens are random, their hashes never collide. */
  async issueMany(requests: readonly LinkTokenRequest[]): Promise<string[]> {
    if (requests.length === 0) return [];
    const tokens = requests.map(() => newLinkToken());
    await this.tokens.insertMany(
      requests.map(
        ({ purpose, subject, issuedAt, expiresAt }, index): FieldsOf<LinkTokenRecord> => ({
          _id: linkTokenHash(tokens[index] ?? ''),
          purpose,
          subject,
          issuedAt,
          expiresAt,
        }),
      ),
      { ordered: false },
    );
    return tokens;
  }

  async check(token: string, purpose: LinkPurpose, now: Date): Promise<LinkTokenCheck> {
    const hash = linkTokenHash(token);
    const found = await this.tokens.findById(hash).lean<LinkTokenRecord>().exec();
    if (!found || found.purpose !== purpose) return { status: 'unknown' };
    const use = await this.uses.find(hash);
    return checkLinkToken(
      {
        subject: found.subject,
        issuedAt: found.issuedAt,
        expiresAt: found.expiresAt,
        usedAt: use?.usedAt,
      },
      now,
    );
  }

  async markUsed(token: string, at: Date): Promise<boolean> {
    const hash = linkTokenHash(token);
    const found = await this.tokens
      .findById(hash, { expiresAt: 1 })
      .lean<Pick<LinkTokenRecord, 'expiresAt'>>()
      .exec();
    if (!found) return false;
    return this.uses.claim({ _id: hash, usedAt: at, expiresAt: found.expiresAt });
  }

  discardFor(subject: string, purpose?: LinkPurpose): Promise<number> {
    return this.discardMatching({ subject, ...(purpose !== undefined && { purpose }) });
  }

  async liveUntil(
    subjects: readonly string[],
    purpose: LinkPurpose,
    now: Date,
  ): Promise<Date | undefined> {
    const [latest] = await this.tokens
      .find({ subject: { $in: [...subjects] }, purpose, expiresAt: { $gt: now } })
      .sort({ expiresAt: -1 })
      .limit(1)
      .lean<LinkTokenRecord[]>()
      .exec();
    return latest?.expiresAt;
  }

  discardExpiredBefore(before: Date, purposes: readonly LinkPurpose[]): Promise<number> {
    return this.discardMatching({ expiresAt: { $lt: before }, purpose: { $in: [...purposes] } });
  }

  /**
   * Tokens matching `filter` and their uses. Uses first (they hold no subject or purpose: found by
   * their tokens' hashes): a crash between the two leaves tokens whose uses a rerun finds again.
   */
  private async discardMatching(filter: QueryFilter<LinkTokenRecord>): Promise<number> {
    const found = await this.tokens.find(filter, { _id: 1 }).lean<{ _id: string }[]>().exec();
    const hashes = found.map(({ _id }) => _id);
    if (hashes.length > 0) await this.uses.remove({ _id: { $in: hashes } });
    const { deletedCount } = await this.tokens.deleteMany(filter).exec();
    return deletedCount;
  }
}
