import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { dealWriteLogOn } from '../../deals/index.js';
import { MongoDealHistoryFeed } from './mongo-deal-history-feed.js';

const DEAL_ID = 'deal-1';

describe('the deals’ history feed of the notifications (FerretDB)', () => {
  const database = databaseEmptiedBeforeEachTest();

  async function writeClaim(sequence: number, at: Date): Promise<void> {
    await database()
      .collection('deal_claims')
      .insertOne({
        _id: `${DEAL_ID}:${sequence}` as never,
        at,
        next: { _id: DEAL_ID, history: [{ at }], milestones: [] },
      });
  }

  it('reads a change made after it opened and before its first pass as news', async () => {
    const clock = new FakeClock();
    const feed = new MongoDealHistoryFeed(database(), dealWriteLogOn(database()), clock);
    await feed.open();

    clock.advance(2_000);
    await writeClaim(0, clock.now());
    clock.advance(5_000);

    const { changes } = await new MongoDealHistoryFeed(
      database(),
      dealWriteLogOn(database()),
      clock,
    ).next(10);
    expect(changes.map(({ deal }) => deal.id)).toEqual([DEAL_ID]);
    const [change] = changes;
    const { since } = await feed.progress(DEAL_ID);
    expect(since.getTime()).toBeLessThan(change?.at.getTime() ?? 0);
  });

  it('keeps the start it recorded first, however often it is opened again', async () => {
    const clock = new FakeClock();
    await new MongoDealHistoryFeed(database(), dealWriteLogOn(database()), clock).open();
    const started = clock.now();
    clock.advance(60_000);
    const reopened = new MongoDealHistoryFeed(database(), dealWriteLogOn(database()), clock);
    await reopened.open();

    expect((await reopened.progress(DEAL_ID)).since).toEqual(started);
  });
});
