import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import Bowser from 'bowser';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import { type DeviceSighting, KnownDevices } from '../../../application/ports/known-devices.js';

export const KNOWN_DEVICES_COLLECTION = 'auth_known_devices';

interface KnownDeviceDocument {
  /** sha256(account id | browser | system | kind): unique, so a browser is new once. */
  _id: string;
  accountId: string;
  firstSeenAt: Date;
}

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
  private readonly devices: Collection<KnownDeviceDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.devices = connection.collection<KnownDeviceDocument>(KNOWN_DEVICES_COLLECTION);
  }

  async remember(accountId: string, userAgent: string | null, at: Date): Promise<DeviceSighting> {
    const { key, name } = familyOf(userAgent);
    const id = createHash('sha256').update(`${accountId}|${key}`).digest('base64url');
    const firstSeen = await insertedFirst(() =>
      this.devices.insertOne({ _id: id, accountId, firstSeenAt: at }),
    );
    return { firstSeen, name };
  }
}
