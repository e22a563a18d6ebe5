import mongoose, { type Connection } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { SystemClock } from '../../common/infrastructure/system-clock.js';
import { CountHit } from '../application/count-hit.use-case.js';
import {
  HIT_SLOTS_COLLECTION,
  HitSlotRecord,
  HitSlotSchema,
  MongoHitSlots,
} from './mongo-hit-slots.js';

const MINUTE_MS = 60_000;

/** Two API instances, as far as rate limits go: each its own connection, counter and memory. */
describe('rate-limit hit slots on the real database', () => {
  let connections: Connection[];

  beforeAll(async () => {
    connections = [1, 2].map(() => mongoose.createConnection(testDatabaseUri('int')));
    for (const connection of connections) await waitForDatabase(connection);
    await connections[0]?.dropDatabase();
  });

  afterAll(async () => {
    await connections[0]?.dropDatabase();
    for (const connection of connections) await connection.close();
  });

  const slotsOn = (index: number) => {
    const connection = connections[index] as Connection;
    return new MongoHitSlots(
      connection.models[HitSlotRecord.name] ?? connection.model(HitSlotRecord.name, HitSlotSchema),
    );
  };
  const storedSlots = () =>
    connections[0]?.collection<{ _id: string; expiresAt: Date }>(HIT_SLOTS_COLLECTION);

  it('gives a slot to exactly one of many simultaneous claims from two connections', async () => {
    const expiresAt = new Date(Date.now() + MINUTE_MS);
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        slotsOn(index % 2).claim('client-x:60000:1:1', expiresAt),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('allows exactly the limit of 50 simultaneous hits spread over two instances', async () => {
    const counters = [0, 1].map((index) => new CountHit(slotsOn(index), new SystemClock()));
    const decisions = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (counters[index % 2] as CountHit).execute('client-burst', MINUTE_MS, 10),
      ),
    );
    expect(decisions.filter((decision) => !decision.isBlocked)).toHaveLength(10);
    expect(decisions.filter((decision) => decision.isBlocked)).toHaveLength(40);
  });

  it('removes only slots that expired before the given moment', async () => {
    const slots = slotsOn(0);
    const now = Date.now();
    await slots.claim('client-old:60000:1:1', new Date(now - 3 * MINUTE_MS));
    await slots.claim('client-new:60000:9:1', new Date(now + MINUTE_MS));
    await slots.removeExpired(new Date(now - MINUTE_MS));
    const left = await storedSlots()
      ?.find({ _id: { $in: ['client-old:60000:1:1', 'client-new:60000:9:1'] } })
      .toArray();
    expect(left?.map((slot) => slot._id)).toEqual(['client-new:60000:9:1']);
    // Removing again (the expiry index is not created twice) changes nothing.
    await slots.removeExpired(new Date(now - MINUTE_MS));
    expect(await storedSlots()?.countDocuments({ _id: 'client-new:60000:9:1' })).toBe(1);
  });
});
