import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import Bowser from 'bowser';
import type { Model } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import { type DeviceSighting, KnownDevices } from '../../../application/ports/known-devices.js';

export const KNOWN_DEVICES_COLLECTION = 'auth_known_devices';

/** A browser an account has signed in from. */
@Schema({
  collection: KNOWN_DEVICES_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class KnownDeviceRecord {
  /** sha256(account id | browser | system | kind): unique, so a browser is new once. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  accountId!: string;

  @Prop({ type: Date, required: true })
  firstSeenAt!: Date;
}

export const KnownDeviceSchema = SchemaFactory.createForClass(KnownDeviceRecord);

function familyOf(userAgent: string | null): { key: string; name: string } {
  if (!userAgent) return { key: 'unknown', name: 'an unknown browser' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'an unknown browser';
  const system = parsed.os.name;
  return {
    key: [browser, system ?? '', parsed.platform.type ?? ''].join('|'),
    name: system ? `${browser} on ${system}` : browser,
  };
}

/** Known browsers in their own small collection, one insert per new browser. */
@Injectable()
export class MongoKnownDevices extends KnownDevices {
  constructor(
    @InjectModel(KnownDeviceRecord.name) private readonly devices: Model<KnownDeviceRecord>,
  ) {
    super();
  }

  async remember(accountId: string, userAgent: string | null, at: Date): Promise<DeviceSighting> {
    const { key, name } = familyOf(userAgent);
    const id = createHash('sha256').update(`${accountId}|${key}`).digest('base64url');
    const firstSeen = await insertedFirst(() =>
      this.devices.create({ _id: id, accountId, firstSeenAt: at }),
    );
    return { firstSeen, name };
  }
}
