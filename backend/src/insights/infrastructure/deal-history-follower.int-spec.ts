import type { mongo } from 'mongoose';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { ReadModelStore } from '../../database/read-models/index.js';
import type { Deal, DealWrite, DealWritePage } from '../../deals/deals.contract.js';
import { DealWriteLog } from '../../deals/deals.contract.js';
import {
  DealHistoryFollower,
  INSIGHTS_CURSOR,
  insightsCursorsOn,
} from './deal-history-follower.js';
import { CREATOR_INSIGHTS, InsightsReadModel } from './insights-read-model.js';

const NOW = new Date('2026-11-20T04:30:00Z');
const CREATOR = 'creator-asha';

/** The deals' write log in memory: positions are the writes' numbers, zero-padded. */
class WrittenDeals extends DealWriteLog {
  readonly lateWindowMs = 0;
  readonly writes: DealWrite[] = [];
  /** The positions the followers asked to read after. */
  readonly asked: (string | null)[] = [];

  write(deal: Deal): void {
    this.writes.push({ deal, at: NOW });
  }

  after(position: string | null, limit: number): Promise<DealWritePage> {
    this.asked.push(position);
    const from = position === null ? 0 : Number(position);
    const fresh = this.writes.slice(from, from + limit);
    return Promise.resolve({
      writes: fresh,
      fresh: fresh.length,
      position: fresh.length > 0 ? positionAt(from + fresh.length) : position,
    });
  }

  newest(): Promise<string | null> {
    return Promise.resolve(this.writes.length > 0 ? positionAt(this.writes.length) : null);
  }

  everyDeal(): Promise<Deal[]> {
    const newest = new Map(this.writes.map(({ deal }) => [deal.id, deal]));
    return Promise.resolve([...newest.values()]);
  }
}

const positionAt = (count: number) => String(count).padStart(6, '0');

const dealOf = (id: string, revision: number) =>
  acceptedDealRecord(NOW, {
    id,
    creatorId: CREATOR,
    revision,
    milestones: [milestoneRecord({ id: `${id}-m1` })],
  });

describe("the insights' follower of the deals' history (FerretDB)", () => {
  const connection = databaseEmptiedBeforeEachTest();
  let log: WrittenDeals;
  let db: mongo.Db;
  const followerOnTheDatabase = () =>
    new DealHistoryFollower(
      insightsCursorsOn(connection()),
      log,
      new InsightsReadModel(new ReadModelStore(db)),
      2,
    );
  const storedCursors = () => db.collection(INSIGHTS_CURSOR).find({}).toArray();
  const keptRevisions = async () =>
    (
      await new InsightsReadModel(new ReadModelStore(db)).ofOwner({
        model: CREATOR_INSIGHTS,
        owner: CREATOR,
      })
    ).map(({ dealId, revision }) => `${dealId}@${String(revision)}`);

  beforeEach(() => {
    db = connection().db as mongo.Db;
    log = new WrittenDeals();
  });

  it('takes each write once and resumes where the last follower stopped', async () => {
    log.write(dealOf('deal-a', 0));
    log.write(dealOf('deal-b', 0));
    log.write(dealOf('deal-a', 1));

    expect(await followerOnTheDatabase().drain()).toBe(3);
    expect(await storedCursors()).toEqual([{ _id: 'deal-history', position: '000003' }]);

    log.write(dealOf('deal-b', 1));
    const next = followerOnTheDatabase();
    expect(await next.drain()).toBe(1);
    expect(log.asked.at(-1)).toBe('000003');
    expect(await next.drain()).toBe(0);
    expect(await storedCursors()).toEqual([{ _id: 'deal-history', position: '000004' }]);
    expect((await keptRevisions()).sort()).toEqual(['deal-a@1', 'deal-b@1']);
  });

  it('never moves the cursor back', async () => {
    log.write(dealOf('deal-a', 0));
    const follower = followerOnTheDatabase();
    await follower.save('000005');
    await follower.save('000002');
    expect(await storedCursors()).toEqual([{ _id: 'deal-history', position: '000005' }]);
  });

  it('rebuilds the facts from the deals as stored and follows on from the newest write', async () => {
    log.write(dealOf('deal-a', 0));
    log.write(dealOf('deal-a', 1));
    log.write(dealOf('deal-b', 0));
    await followerOnTheDatabase().rebuild();

    expect(await storedCursors()).toEqual([{ _id: 'deal-history', position: '000003' }]);
    expect((await keptRevisions()).sort()).toEqual(['deal-a@1', 'deal-b@0']);
    log.write(dealOf('deal-b', 1));
    expect(await followerOnTheDatabase().drain()).toBe(1);
    expect((await keptRevisions()).sort()).toEqual(['deal-a@1', 'deal-b@1']);
  });

  it('lets a pass asked during a rebuild start after it, from the rebuilt position', async () => {
    log.write(dealOf('deal-a', 0));
    log.write(dealOf('deal-a', 1));
    log.write(dealOf('deal-b', 0));
    const follower = followerOnTheDatabase();
    // The worker's pass and the rebuild at once (a rebuild asked in the running API): a pass that
    // read the log between the rebuild's drop and its new position would take old writes again.
    await Promise.all([follower.rebuild(), follower.drain()]);
    expect(log.asked).toEqual(['000003']);
    expect(await storedCursors()).toEqual([{ _id: 'deal-history', position: '000003' }]);
    expect((await keptRevisions()).sort()).toEqual(['deal-a@1', 'deal-b@0']);
  });
});
