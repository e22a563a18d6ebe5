import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeysOnly, upsertRacing } from '../../database/duplicate-key.js';
import { OneWritePerKey } from '../../database/one-write-per-key.js';
import { type DailyViews, PageViews, type Visitor } from '../application/ports/page-views.js';

export const MEDIA_KIT_VIEW_DAYS_COLLECTION = 'media_kit_view_days';
export const MEDIA_KIT_VISITORS_COLLECTION = 'media_kit_visitors';
export const MEDIA_KIT_VIEW_SALTS_COLLECTION = 'media_kit_view_salts';

const OPTIONS = { versionKey: false, autoIndex: false, autoCreate: false } as const;

/** A page's day: `_id` is `<creatorId>:<day>`. */
@Schema({ ...OPTIONS, collection: MEDIA_KIT_VIEW_DAYS_COLLECTION })
export class ViewDayRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) creatorId!: string;
  @Prop({ type: String, required: true }) day!: string;
  @Prop({ type: Number, required: true }) views!: number;
  @Prop({ type: Number, required: true }) visitors!: number;
}
export const ViewDaySchema = SchemaFactory.createForClass(ViewDayRecord);

/** A visitor seen that day: `_id` is `<creatorId>:<day>:<hash>`, the hash of a salted address. */
@Schema({ ...OPTIONS, collection: MEDIA_KIT_VISITORS_COLLECTION })
export class VisitorRecord {
  @Prop({ type: String, required: true }) _id!: string;
}
export const VisitorSchema = SchemaFactory.createForClass(VisitorRecord);

/** The day's random salt: `_id` is the day; the first instance to insert it wins. */
@Schema({ ...OPTIONS, collection: MEDIA_KIT_VIEW_SALTS_COLLECTION })
export class ViewSaltRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) salt!: string;
}
export const ViewSaltSchema = SchemaFactory.createForClass(ViewSaltRecord);

/**
 * Views in MongoDB, keyed reads only. A visitor is the SHA-256 of the day's random salt, the
 * address and the user agent: the salt is shared by every instance (inserted once per day), so
 * one visitor counts once whichever instance answers, and nobody can recompute the hash of an
 * address without it. No address is written anywhere.
 */
@Injectable()
export class MongoPageViews extends PageViews {
  private readonly saltOfDay = new Map<string, Promise<string>>();
  private readonly dayWrites = new OneWritePerKey();

  constructor(
    @InjectModel(ViewDayRecord.name) private readonly days: Model<ViewDayRecord>,
    @InjectModel(VisitorRecord.name) private readonly visitors: Model<VisitorRecord>,
    @InjectModel(ViewSaltRecord.name) private readonly salts: Model<ViewSaltRecord>,
  ) {
    super();
  }

  async record(creatorId: string, visitor: Visitor, day: string): Promise<void> {
    const salt = await this.salt(day);
    const hash = createHash('sha256')
      .update(`${salt}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('base64url');
    let firstVisit = true;
    try {
      await this.visitors.create({ _id: `${creatorId}:${day}:${hash}` });
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
      firstVisit = false;
    }
    // The day's first views race to create its document: the loser counts on the winner's.
    const id = `${creatorId}:${day}`;
    await this.dayWrites.run(id, () =>
      upsertRacing(() =>
        this.days
          .updateOne(
            { _id: id },
            { $inc: { views: 1, visitors: firstVisit ? 1 : 0 }, $setOnInsert: { creatorId, day } },
            { upsert: true },
          )
          .exec(),
      ),
    );
  }

  async daily(creatorId: string, fromDay: string, toDay: string): Promise<DailyViews[]> {
    const ids = dayRange(fromDay, toDay).map((day) => `${creatorId}:${day}`);
    const found = await this.days
      .find({ _id: { $in: ids } })
      .lean<ViewDayRecord[]>()
      .exec();
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
      await this.salts.create({ _id: day, salt });
      return salt;
    } catch (error) {
      if (!isDuplicateKeysOnly(error)) throw error;
      const stored = await this.salts.findById(day).lean<ViewSaltRecord>().exec();
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
