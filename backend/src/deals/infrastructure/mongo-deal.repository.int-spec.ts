import mongoose, { type Connection } from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import { historyEntry, nextState, type Deal, type DealAction } from '../domain/deal.js';
import { DealRepositoryBrandDealInvitations } from './deal-repository-brand-deal-invitations.js';
import { modelOn } from '../../../test/support/model-on.js';
import { DealRecord, DealSchema } from './deal-document.js';
import { MongoDealLists } from './read-model/mongo-deal-lists.js';
import { DealClaimRecord, DealClaimSchema, MongoDealRepository } from './mongo-deal.repository.js';
import { PENDING_MONEY } from '../domain/milestone.js';

const dealRepositoryOn = (connection: Connection) =>
  new MongoDealRepository(
    modelOn(connection, DealRecord.name, DealSchema),
    modelOn(connection, DealClaimRecord.name, DealClaimSchema),
    new MongoDealLists(connection),
  );

const NOW = new Date('2026-11-25T10:00:00.000Z');
const RACERS = 20;

function sentDeal(id: string, creatorId = 'user-asha', overrides: Partial<Deal> = {}): Deal {
  return {
    id,
    creatorId,
    state: 'sent',
    version: 1,
    revision: 3,
    title: `Deal ${id}`,
    brief: '',
    campaign: 'Diwali 2026',
    brand: {
      companyName: 'Glow Naturals',
      contactName: 'Priya',
      contactEmail: 'priya@glow.in',
      contactMobile: '9876543210',
    },
    deliverables: [],
    milestones: [
      {
        id: 'm1',
        name: 'A',
        releaseCondition: 'x',
        amountPaise: 12_500_000,
        dueDate: '2026-12-01',
        ...PENDING_MONEY,
      },
    ],
    totalPaise: 12_500_000,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: NOW,
    updatedAt: NOW,
    sentAt: NOW,
    linkExpiresAt: new Date(NOW.getTime() + 14 * 86_400_000),
    history: [],
    contracts: [],
    lastError: null,
    ...overrides,
  };
}

function moved(deal: Deal, action: DealAction, by: 'creator' | 'brand'): Deal {
  const to = nextState(deal.state, action, by);
  if (!to) throw new Error('refused');
  return {
    ...deal,
    state: to,
    revision: deal.revision + 1,
    history: [...deal.history, historyEntry(deal, to, by, by, NOW)],
  };
}

describe('MongoDealRepository against the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it("finds the deals sent to a brand's number (newest sent first, never a draft), and only those", async () => {
    const repository = dealRepositoryOn(database());
    const brand = (contactMobile: string, contactEmail = 'priya@glow.in') => ({
      companyName: 'Glow Naturals',
      contactName: 'Priya',
      contactEmail,
      contactMobile,
    });
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    await repository.insert(sentDeal('older', 'user-asha', { sentAt: at(1) }));
    await repository.insert(sentDeal('newer', 'user-ravi', { sentAt: at(5), state: 'accepted' }));
    await repository.insert(
      sentDeal('draft', 'user-asha', { state: 'draft', sentAt: null, linkExpiresAt: null }),
    );
    await repository.insert(
      sentDeal('other', 'user-asha', { brand: brand('9123456789', 'ops@other.in') }),
    );

    const mine = { mobile: '9876543210' };
    const found = await repository.sentToBrand(mine, 10);
    expect(found.map(({ id }) => id)).toEqual(['newer', 'older']);
    expect(found[0]?.history).toEqual([]);
    expect(await repository.sentToBrand(mine, 1)).toHaveLength(1);
    expect((await repository.findSentToBrand('older', mine))?.id).toBe('older');
    for (const id of ['other', 'draft', 'missing']) {
      expect(await repository.findSentToBrand(id, mine)).toBeUndefined();
    }
    // A confirmed e-mail address finds the deals sent to it too.
    const byEmail = await repository.sentToBrand(
      { mobile: '9000000000', email: 'ops@other.in' },
      10,
    );
    expect(byEmail.map(({ id }) => id)).toEqual(['other']);

    // What brands' invite mode asks: was a deal ever sent to this number (E.164)?
    const invitations = new DealRepositoryBrandDealInvitations(repository);
    await expect(invitations.sentTo('+919876543210')).resolves.toBe(true);
    await expect(invitations.sentTo('+919123456789')).resolves.toBe(true);
    await expect(invitations.sentTo('+919000000001')).resolves.toBe(false);
    await repository.insert(
      sentDeal('draft-only', 'user-asha', {
        state: 'draft',
        sentAt: null,
        brand: brand('9111111111'),
      }),
    );
    await expect(invitations.sentTo('+919111111111')).resolves.toBe(false);
  });

  it('lets exactly one of 20 concurrent accepts and cancels over two connections win', async () => {
    const other = await mongoose.createConnection(testDatabaseUri('int')).asPromise();
    try {
      const repositories = [dealRepositoryOn(database()), dealRepositoryOn(other)];
      const deal = sentDeal('race-1');
      await repositories[0]?.insert(deal);
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, index) => {
          const repository = repositories[index % 2] as MongoDealRepository;
          const next =
            index % 2 === 0 ? moved(deal, 'accept', 'brand') : moved(deal, 'cancel', 'creator');
          return repository.claim(deal, next);
        }),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const stored = await repositories[1]?.findById('race-1');
      expect(['accepted', 'cancelled']).toContain(stored?.state);
      expect(stored?.revision).toBe(4);
      expect(stored?.history).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('refuses a claim on a stale revision or state', async () => {
    const repository = dealRepositoryOn(database());
    const deal = sentDeal('stale');
    await repository.insert(deal);
    await expect(
      repository.claim({ ...deal, revision: 2 }, moved(deal, 'accept', 'brand')),
    ).resolves.toBe(false);
    await expect(
      repository.claim({ ...deal, state: 'draft' }, moved(deal, 'accept', 'brand')),
    ).resolves.toBe(false);
    await expect(repository.claim(deal, moved(deal, 'accept', 'brand'))).resolves.toBe(true);
    await expect(repository.claim(deal, moved(deal, 'cancel', 'creator'))).resolves.toBe(false);
  });

  it('finishes the write of a claim whose winner stopped before writing the deal', async () => {
    const repository = dealRepositoryOn(database());
    const deal = sentDeal('crashed');
    await repository.insert(deal);
    const accepted = moved(deal, 'accept', 'brand');
    const { id, ...rest } = accepted;
    await database()
      .collection('deal_claims')
      .insertOne({
        _id: `${id}:3` as never,
        dealId: id,
        revision: 3,
        next: { _id: id, ...rest, brandKey: 'glow naturals' },
        at: NOW,
      });
    await expect(repository.findById('crashed')).resolves.toMatchObject({
      state: 'accepted',
      revision: 4,
    });
    await expect(
      database()
        .collection('deals')
        .findOne({ _id: 'crashed' as never }),
    ).resolves.toMatchObject({
      state: 'accepted',
    });
    await expect(repository.claim(deal, moved(deal, 'cancel', 'creator'))).resolves.toBe(false);
  });

  it("lists a creator's deals by view, search and sort, paged; never another creator's", async () => {
    const repository = dealRepositoryOn(database());
    for (let index = 1; index <= 5; index += 1) {
      await repository.insert(
        sentDeal(`d${String(index)}`, 'user-asha', {
          title: index === 3 ? 'Holi (special) reel' : `Deal ${String(index)}`,
          totalPaise: index * 100,
          createdAt: new Date(NOW.getTime() + index * 1000),
          state: index === 5 ? 'accepted' : 'sent',
        }),
      );
    }
    await repository.insert(sentDeal('other', 'user-ravi'));
    const base = {
      creatorId: 'user-asha',
      states: ['sent' as const],
      sort: 'newest' as const,
      page: 1,
      pageSize: 2,
    };
    const first = await repository.list(base);
    expect(first.total).toBe(4);
    expect(first.items.map(({ id }) => id)).toEqual(['d4', 'd3']);
    const second = await repository.list({ ...base, page: 2 });
    expect(second.items.map(({ id }) => id)).toEqual(['d2', 'd1']);
    const search = await repository.list({ ...base, q: '(special)', pageSize: 10 });
    expect(search.items.map(({ id }) => id)).toEqual(['d3']);
    const byAmount = await repository.list({ ...base, sort: 'amount_desc', pageSize: 10 });
    expect(byAmount.items.map(({ id }) => id)).toEqual(['d4', 'd3', 'd2', 'd1']);
    const brand = await repository.list({ ...base, brand: 'GLOW naturals', pageSize: 10 });
    expect(brand.total).toBe(4);
    expect((await repository.summaries('user-ravi')).map(({ id }) => id)).toEqual(['other']);
    const due = await repository.dueForExpiry(
      'user-asha',
      new Date(NOW.getTime() + 15 * 86_400_000),
      10,
    );
    expect(due.map(({ id }) => id).sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
  });
});
