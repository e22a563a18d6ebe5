import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eventually } from '../../../../test/support/eventually.js';
import { databaseEmptiedBeforeEachTest } from '../../../../test/support/int-database.js';
import { buildBackend } from '../../../../test/support/server-process.js';
import { testDatabaseUri } from '../../../../test/support/test-database.js';
import { newestFirstKey } from '../../../database/page-cursors.js';
import { type DealState } from '../../domain/deal.js';
import { creatorListKey, type DealListSnapshot } from './deal-list-snapshot.js';
import { DealListsFollower, DealListsStore } from './deal-lists.follower.js';
import { rebuildDealLists } from './rebuild-deal-lists.js';

const BACKEND_DIR = fileURLToPath(new URL('../../../..', import.meta.url));
const CLI = 'dist/deals/infrastructure/read-model/read-models.cli.js';
const START = Date.UTC(2026, 10, 1);
/** Short windows, so that a killed follower's lease runs out within the test. */
const LEASE_MS = 2_000;
const STATES: DealState[] = ['draft', 'sent', 'accepted', 'completed', 'declined'];

/** The i-th deal of a creator as the repository's write records it (revision 1 unless given). */
function snapshot(creatorId: string, index: number, revision = 1): DealListSnapshot {
  const state = STATES[(index + revision - 1) % STATES.length] ?? 'draft';
  return {
    dealId: `${creatorId}-deal-${String(index).padStart(5, '0')}`,
    revision,
    creatorId,
    state,
    title: `Deal ${String(index)}`,
    campaign: `Campaign ${String(index % 3)}`,
    brandCompany: `Brand ${String(index % 4)}`,
    mobile: `98765${String(index % 4).padStart(5, '0')}`,
    email: `brand${String(index % 4)}@example.com`,
    totalPaise: 100_000 * (index + 1),
    createdAt: START + index * 60_000,
    updatedAt: START + index * 60_000 + revision,
    sentAt: state === 'draft' ? null : START + index * 60_000,
    linkExpiresAt: null,
    creatorName: 'Asha Rao',
    milestoneCount: 2,
    bound: null,
  };
}

/** What the counters must hold for these (latest) snapshots. */
function expectedByState(snapshots: readonly DealListSnapshot[]) {
  const counts: Partial<Record<DealState, number>> = {};
  for (const { state } of snapshots) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
}

function spawnFollower(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<unknown>;
} {
  const child = spawn(process.execPath, [CLI, 'follow'], {
    cwd: BACKEND_DIR,
    env: { PATH: process.env.PATH, ...env },
    stdio: 'ignore',
  });
  return { child, exited: once(child, 'close') };
}

describe("The deals lists' follower and rebuild (#38), against the real database", () => {
  const database = databaseEmptiedBeforeEachTest();
  const storeOf = () => new DealListsStore(database());
  const follower = (batchSize = 100) =>
    new DealListsFollower(storeOf(), { leaseMs: LEASE_MS, batchSize });

  it('applies changes in any order once each: the newest revision wins, replays change nothing', async () => {
    const store = storeOf();
    const first = Array.from({ length: 30 }, (_, index) => snapshot('asha', index));
    const second = first.slice(0, 10).map((s, index) => snapshot('asha', index, s.revision + 1));
    // The newer revisions are recorded first: the older ones, applied after, must not win.
    const applying = follower();
    await store.record(second);
    await applying.drain({ wait: true });
    await store.record(first);
    await store.record(second); // a replay
    await applying.drain({ wait: true });
    const latest = [...second, ...first.slice(10)];
    expect((await store.countersOf('asha')).byState).toEqual(expectedByState(latest));
    const all = await store.lists.page(creatorListKey('asha', 'all'), 0, 100);
    expect(all.total).toBe(30);
    expect(all.rows.map((row) => row.id)).toEqual(
      [...latest].sort((a, b) => b.createdAt - a.createdAt).map((s) => s.dealId),
    );
    const active = await store.lists.page(creatorListKey('asha', 'active'), 0, 100);
    expect(active.rows.map((row) => row.row.state)).toEqual(Array(active.total).fill('accepted'));
    expect(active.total).toBe(expectedByState(latest).accepted);
  }, 30_000);

  it('two followers at once apply each change once', async () => {
    const store = storeOf();
    const changes = Array.from({ length: 400 }, (_, index) => snapshot('ravi', index));
    await store.record(changes);
    const [a, b] = [follower(50), follower(50)];
    const [appliedByA, appliedByB] = await Promise.all([
      a.drain({ wait: true }),
      b.drain({ wait: true }),
    ]);
    expect(appliedByA + appliedByB).toBe(400);
    expect((await store.countersOf('ravi')).byState).toEqual(expectedByState(changes));
    const all = await store.lists.all(creatorListKey('ravi', 'all'));
    expect(all).toHaveLength(400);
    expect(new Set(all.map((row) => row.id)).size).toBe(400);
    expect(all.map((row) => row.sortKey)).toEqual(all.map((row) => row.sortKey).sort());
  }, 60_000);

  it('a follower SIGKILLed mid-batch: the next one finishes its batch, nothing counted twice or lost', async () => {
    await buildBackend();
    const store = storeOf();
    const changes = Array.from({ length: 1_500 }, (_, index) => snapshot('meera', index));
    await store.record(changes);
    const child = spawnFollower({
      MONGODB_URI: testDatabaseUri('int'),
      READ_MODEL_LEASE_MS: String(LEASE_MS),
      READ_MODEL_BATCH: '300',
    });
    // Killed once it has applied at least one batch and is inside another (its journal written).
    await eventually(
      async () =>
        (await store.changes.countDocuments()) < changes.length &&
        (await store.journal.findOne({ _id: 'journal' })) !== null,
      { timeoutMs: 60_000, intervalMs: 20, what: 'the follower to be mid-batch' },
    );
    child.child.kill('SIGKILL');
    await child.exited;
    expect(child.child.signalCode).toBe('SIGKILL');
    expect(await store.journal.findOne({ _id: 'journal' })).not.toBeNull();

    await follower(300).drain({ wait: true });
    expect(await store.changes.countDocuments()).toBe(0);
    expect((await store.countersOf('meera')).byState).toEqual(expectedByState(changes));
    const all = await store.lists.all(creatorListKey('meera', 'all'));
    expect(all).toHaveLength(1_500);
    expect(new Set(all.map((row) => row.id)).size).toBe(1_500);
  }, 180_000);

  it('rebuild finds a corrupted list and counters, reports the difference and fixes them', async () => {
    await buildBackend();
    const db = database().db;
    if (!db) throw new Error('no database');
    const store = storeOf();
    const created = new Date(START);
    await db.collection('deals').insertMany(
      Array.from({ length: 5 }, (_, index) => ({
        _id: `d${String(index)}`,
        creatorId: 'zoya',
        state: 'sent',
        version: 1,
        revision: 2,
        title: `Deal ${String(index)}`,
        brief: '',
        campaign: null,
        brand: {
          companyName: 'Glow',
          contactName: 'Priya',
          contactEmail: 'priya@glow.in',
          contactMobile: '9876543210',
        },
        brandKey: 'glow',
        deliverables: [],
        milestones: [],
        totalPaise: 100_000,
        approvalWindowDays: 7,
        revisionRounds: 2,
        gstApplies: false,
        gstin: null,
        createdAt: new Date(created.getTime() + index),
        updatedAt: created,
        sentAt: created,
        linkExpiresAt: null,
        history: [],
        contracts: [],
        lastError: null,
      })) as never[],
    );
    const clean = await rebuildDealLists(database(), follower());
    expect(clean.listsDiffering).toBeGreaterThan(0); // empty before: everything was missing
    // Corruption: a row lost from the creator's list, a count bumped.
    const list = creatorListKey('zoya', 'all');
    await store.lists.apply(
      list,
      [{ id: 'd3', sortKey: newestFirstKey(new Date(START + 3), 'd3') }],
      [],
    );
    const counters = await store.countersOf('zoya');
    counters.byState.sent = 99;
    await store.counters.replaceOne(
      { _id: 'zoya' },
      { body: JSON.stringify(counters), lastJournal: 'corrupted' },
    );
    expect((await store.lists.page(list, 0, 10)).total).toBe(4);

    // The command an operator runs, on the compiled code.
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'rebuild'], {
      cwd: BACKEND_DIR,
      env: {
        PATH: process.env.PATH,
        MONGODB_URI: testDatabaseUri('int'),
        READ_MODEL_LEASE_MS: String(LEASE_MS),
      },
    });
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      readModel: 'deals',
      deals: 5,
      listsDiffering: 1,
      creatorsCountersDiffering: 1,
      projectionsDiffering: 0,
    });
    expect(report.examples).toEqual(
      expect.arrayContaining([
        `list ${list}: 4 rows stored, 5 expected`,
        'counters of zoya: {"sent":99} stored, {"sent":5} expected',
      ]),
    );
    expect((await store.lists.page(list, 0, 10)).rows.map((row) => row.id)).toEqual([
      'd4',
      'd3',
      'd2',
      'd1',
      'd0',
    ]);
    expect((await store.countersOf('zoya')).byState).toEqual({ sent: 5 });
    const again = await rebuildDealLists(database(), follower());
    expect(again).toMatchObject({
      listsDiffering: 0,
      creatorsCountersDiffering: 0,
      projectionsDiffering: 0,
    });
  }, 180_000);
});
