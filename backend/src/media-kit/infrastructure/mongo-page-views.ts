import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeysOnly } from '../../database/duplicate-key.js';
import { type DailyViews, PageViews, type Visitor } from '../application/ports/page-views.js';

export const MEDIA_KIT_VIEW_DAYS_COLLECTION = 'media_kit_view_days';
export const MEDIA_KIT_VISITORS_COLLECTION = 'media_kit_visitors';
export const MEDIA_KIT_VIEW_SALTS_COLLECTION = 'media_kit_view_salts';

/** A page's day: `_id` is `<creatorId>:<day>`. */
interface ViewDayDocument {
  _id: string;
  creatorId: string;
  day: string;
  views: number;
  visitors: number;
}

/** A visitor seen that day: `_id` is `<creatorId>:<day>:<hash>`, the hash of a salted address. */
interface VisitorDocument {
  _id: string;
}

/** The day's random salt: `_id` is the day; the first instance to insert it wins. */
interface SaltDocument {
  _id: string;
  salt: string;
}

/**
 * Views in MongoDB, keyed reads only. A visitor is the SHA-256 of the day's random salt, the
 * address and the user agent: the salt is shared by every instance (inserted once per day), so
 * one visitor counts once whichever instance answers, and nobody can recompute the hash of an
 * address without it. No address is written anywhere.
 */
@Injectable()
export class MongoPageViews extends PageViews {
  private readonly days: Collection<ViewDayDocument>;
  private readonly visitors: Collection<VisitorDocument>;
  private readonly salts: Collection<SaltDocument>;
  private readonly saltOfDay = new Map<string, Promise<string>>();

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.days = connection.collection<ViewDayDocument>(MEDIA_KIT_VIEW_DAYS_COLLECTION);
    this.visitors = connection.collection<VisitorDocument>(MEDIA_KIT_VISITORS_COLLECTION);
    this.salts = connection.collection<SaltDocument>(MEDIA_KIT_VIEW_SALTS_COLLECTION);
  }

  async record(creatorId: string, visitor: Visitor, day: string): Promise<void> {
    const salt = await this.salt(day);
    const hash = createHash('sha256')
      .update(`${salt}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('base64url');
    let firstVisit = true;
    try {
      await this.visitors.insertOne({ _id: `${creatorId}:${day}:${hash}` });
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
      firstVisit = false;
    }
    await this.days.updateOne(
      { _id: `${creatorId}:${day}` },
      { $inc: { views: 1, visitors: firstVisit ? 1 : 0 }, $setOnInsert: { creatorId, day } },
      { upsert: true },
    );
  }

  async daily(creatorId: string, fromDay: string, toDay: string): Promise<DailyViews[]> {
    const ids = dayRange(fromDay, toDay).map((day) => `${creatorId}:${day}`);
    const found = await this.days.find({ _id: { $in: ids } }).toArray();
    return found
      .map(({ day, views, visitors }) => ({ day, views, uniqueVisitors: visitors }))
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  private salt(day: string): Promise<string> {
    let salt = this.saltOfDay.get(day);
    if (!salt) {
      salt = this.claimSalt(day);
      salt.catch(() => this.saltOfDay.delete(day));
      this.saltOfDay.clear();
      this.saltOfDay.set(day, salt);
    }
    return salt;
  }

  private async claimSalt(day: string): Promise<string> {
    try {
      const salt = randomBytes(32).toString('base64url');
      await this.salts.insertOne({ _id: day, salt });
      return salt;
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
      const stored = await this.salts.findOne({ _id: day });
      if (!stored) throw error;
      return stored.salt;
    }
  }
}

const DAY_MS = 86_400_000;

function dayRange(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${fromDay}T00:00:00Z`);
    at <= Date.parse(`${toDay}T00:00:00Z`);
    at += DAY_MS
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}
