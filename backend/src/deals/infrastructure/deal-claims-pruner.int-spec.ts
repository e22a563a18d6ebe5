import type { Connection } from 'mongoose';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import type { Deal } from '../domain/deal.js';
import { dealClaimsPruner } from './deal-claims-pruner.js';
import { modelOn } from '../../../test/support/model-on.js';
import { DealRecord, DealSchema } from './deal-document.js';
import { MongoDealLists } from './read-model/mongo-deal-lists.js';
import {
  DEAL_CLAIMS_COLLECTION,
  type DealClaimDocument,
  DealClaimRecord,
  DealClaimSchema,
  MongoDealRepository,
} from './mongo-deal.repository.js';

const dealRepositoryOn = (connection: Connection) =>
  new MongoDealRepository(
    modelOn(connection, DealRecord.name, DealSchema),
    modelOn(connection, DealClaimRecord.name, DealClaimSchema),
    new MongoDealLists(connection),
  );

const NOW = new Date('2026-11-25T10:00:00.000Z');
const DAY_MS = 86_400_000;

function deal(id: string): Deal {
  return acceptedDealRecord(NOW, {
    id,
    creatorId: 'user-asha',
    milestones: [milestoneRecord({ id: 'm1' })],
  });
}

/** The deal renamed at `at` (a change claimed at its current revision). */
function renamed(current: Deal, at: Date): Deal {
  return { ...current, title: `${current.title}!`, revision: current.revision + 1, updatedAt: at };
}

describe('the deal claims pruner against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();
  const claimIds = async () =>
    (
      await database()
        .collection<{ _id: string }>(DEAL_CLAIMS_COLLECTION)
        .find({}, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .toArray()
    ).map(({ _id }) => _id);

  it('forgets claims older than a week once their deal moved on, and keeps every other', async () => {
    const repository = dealRepositoryOn(database());
    const weekAgo = new Date(NOW.getTime() - 8 * DAY_MS);
    const old = deal('old');
    const recent = deal('recent');
    const unwritten = deal('unwritten');
    for (const each of [old, recent, unwritten]) await repository.insert(each);
    await expect(repository.claim(old, renamed(old, weekAgo))).resolves.toBe(true);
    await expect(repository.claim(recent, renamed(recent, NOW))).resolves.toBe(true);
    // A winner that stopped between its claim and its write: the claim is all there is of it.
    const { id, ...rest } = renamed(unwritten, weekAgo);
    await database()
      .collection<DealClaimDocument>(DEAL_CLAIMS_COLLECTION)
      .insertOne({
        _id: `${id}:0`,
        dealId: id,
        revision: 0,
        next: { _id: id, ...rest, brandKey: 'glow' },
        at: weekAgo,
      });
    // A deal gone since: its claim decides nothing any more.
    await database()
      .collection<DealClaimDocument>(DEAL_CLAIMS_COLLECTION)
      .insertOne({
        _id: 'gone:0',
        dealId: 'gone',
        revision: 0,
        next: { _id: 'gone', ...rest, brandKey: 'glow' },
        at: weekAgo,
      });

    await expect(
      dealClaimsPruner(
        modelOn(database(), DealRecord.name, DealSchema),
        modelOn(database(), DealClaimRecord.name, DealClaimSchema),
      ).prune(NOW),
    ).resolves.toBe(2);

    expect(await claimIds()).toEqual(['recent:0', 'unwritten:0']);
    // The kept claim still finishes its deal's write; the pruned one's revision stays refused.
    await expect(repository.findById('unwritten')).resolves.toMatchObject({
      title: 'Deal!',
      revision: 1,
    });
    await expect(repository.claim(old, renamed(old, NOW))).resolves.toBe(false);
    await expect(repository.findById('old')).resolves.toMatchObject({
      title: 'Deal!',
      revision: 1,
    });
    // Once its write is finished, the kept claim goes too.
    await expect(
      dealClaimsPruner(
        modelOn(database(), DealRecord.name, DealSchema),
        modelOn(database(), DealClaimRecord.name, DealClaimSchema),
      ).prune(NOW),
    ).resolves.toBe(1);
    expect(await claimIds()).toEqual(['recent:0']);
  });
});
