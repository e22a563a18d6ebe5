import { databaseEmptiedBeforeEachTest } from '../../../../../test/support/int-database.js';
import type { Connection } from 'mongoose';
import { modelOn } from '../../../../../test/support/model-on.js';
import {
  LIMIT_SLOTS_COLLECTION,
  LimitSlotRecord,
  LimitSlotSchema,
  MongoLimitSlots,
} from './mongo-limit-slots.js';

const slotsOn = (connection: Connection) =>
  new MongoLimitSlots(modelOn(connection, LimitSlotRecord.name, LimitSlotSchema));

const NOW = new Date('2026-11-25T08:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/** Numbered uses claimed before the work (#28), on the real database. */
describe('MongoLimitSlots against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it('55 claims at once, on two instances: exactly the limit is claimed', async () => {
    const one = slotsOn(database());
    const two = slotsOn(database());
    const claims = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        (i % 2 === 0 ? one : two).claim('corrections:entry-a', 20, DAY, NOW),
      ),
    );
    expect(claims.filter(({ claimed }) => claimed)).toHaveLength(20);
    const refused = claims.find((claim) => !claim.claimed);
    expect(refused).toEqual({ claimed: false, retryAt: at(24) });
    // Another owner has its own uses.
    await expect(one.claim('corrections:entry-b', 20, DAY, NOW)).resolves.toEqual({
      claimed: true,
    });
  }, 30_000);

  it('a rolling window: a use leaves it after windowMs, one at a time; peek claims nothing', async () => {
    const slots = slotsOn(database());
    await expect(slots.claim('owner', 2, DAY, at(0))).resolves.toEqual({ claimed: true });
    await expect(slots.claim('owner', 2, DAY, at(10))).resolves.toEqual({ claimed: true });
    await expect(slots.peek('owner', 2, DAY, at(20))).resolves.toEqual({
      claimed: false,
      retryAt: at(24),
    });
    await expect(slots.peek('owner', 2, DAY, at(24))).resolves.toEqual({ claimed: true });
    await expect(slots.peek('owner', 2, DAY, at(24))).resolves.toEqual({ claimed: true });
    await expect(slots.claim('owner', 2, DAY, at(24))).resolves.toEqual({ claimed: true });
    await expect(slots.claim('owner', 2, DAY, at(25))).resolves.toEqual({
      claimed: false,
      retryAt: at(34),
    });
    await expect(slots.claim('owner', 2, DAY, at(34))).resolves.toEqual({ claimed: true });
  });

  it('stores owners hashed: no address or client in the collection', async () => {
    const slots = slotsOn(database());
    await slots.claim('email-change-mails-to:victim@example.com', 3, DAY, NOW);
    const stored = await database().collection(LIMIT_SLOTS_COLLECTION).find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain('victim');
  });
});
