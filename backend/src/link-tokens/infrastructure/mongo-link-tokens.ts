import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection, mongo } from 'mongoose';
import { ClaimOnce } from '../../database/claim-once.js';
import { LinkTokens, type LinkTokenRequest } from '../application/ports/link-tokens.js';
import { checkLinkToken, type LinkPurpose, type LinkTokenCheck } from '../domain/link-token.js';
import {
  hashSecretToken as linkTokenHash,
  newSecretToken as newLinkToken,
} from '../../common/domain/secret-token.js';

/** One issued token, by the hash of the token. */
interface LinkTokenDocument {
  _id: string;
  /** A LinkPurpose when written; read as any string, since other versions may write others. */
  purpose: string;
  subject: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** One use of a token: the _id (the token's hash) is unique, so a use is claimed once. */
interface LinkTokenUseDocument {
  _id: string;
  usedAt: Date;
  /** Kept so that uses are discarded with their tokens. */
  expiresAt: Date;
}

/**
 * Tokens in `link_tokens`, uses in `link_token_uses`: FerretDB 1.x has no atomic
 * findOneAndUpdate, so "first use" is an insert against the unique _id, not a conditional update.
 * Both are keyed by _id alone: no index to build before the first write.
 */
@Injectable()
export class MongoLinkTokens extends LinkTokens {
  private readonly tokens: Collection<LinkTokenDocument>;
  private readonly uses: ClaimOnce<LinkTokenUseDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.tokens = connection.collection<LinkTokenDocument>('link_tokens');
    this.uses = new ClaimOnce(connection, { name: 'link_token_uses' });
  }

  async issue({ purpose, subject, issuedAt, expiresAt }: LinkTokenRequest): Promise<string> {
    const token = newLinkToken();
    await this.tokens.insertOne({
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
      requests.map(({ purpose, subject, issuedAt, expiresAt }, index) => ({
        _id: linkTokenHash(tokens[index] ?? ''),
        purpose,
        subject,
        issuedAt,
        expiresAt,
      })),
      { ordered: false },
    );
    return tokens;
  }

  async check(token: string, purpose: LinkPurpose, now: Date): Promise<LinkTokenCheck> {
    const hash = linkTokenHash(token);
    const found = await this.tokens.findOne({ _id: hash });
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
    const found = await this.tokens.findOne({ _id: hash }, { projection: { expiresAt: 1 } });
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
      .toArray();
    return latest?.expiresAt;
  }

  discardExpiredBefore(before: Date, purposes: readonly LinkPurpose[]): Promise<number> {
    return this.discardMatching({ expiresAt: { $lt: before }, purpose: { $in: [...purposes] } });
  }

  /**
   * Tokens matching `filter` and their uses. Uses first (they hold no subject or purpose: found by
   * their tokens' hashes): a crash between the two leaves tokens whose uses a rerun finds again.
   */
  private async discardMatching(filter: mongo.Filter<LinkTokenDocument>): Promise<number> {
    const hashes = await this.tokens
      .find(filter, { projection: { _id: 1 } })
      .map(({ _id }) => _id)
      .toArray();
    if (hashes.length > 0) await this.uses.remove({ _id: { $in: hashes } });
    const { deletedCount } = await this.tokens.deleteMany(filter);
    return deletedCount;
  }
}
