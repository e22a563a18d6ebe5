import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { InMemoryDealRepository } from '../../../test/support/deal-fakes.js';
import {
  FakePaymentGateway,
  RecordingPayoutAccountEvents,
  type SignedWebhook,
} from '../../../test/support/fake-payment-gateway.js';
import {
  InMemoryLedger,
  InMemoryPaymentIntents,
  InMemoryWebhookInbox,
} from '../../../test/support/in-memory-payments.js';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { DomainError } from '../../common/domain/domain.error.js';
import { creatorAccount } from '../../ledger/ledger.contract.js';
import { ClaimRetryTiming } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { intentIds } from '../domain/money-keys.js';
import { MoneyEngine } from './money-engine.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { ProcessWebhook } from './process-webhook.use-case.js';
import { inMemoryErasureGate } from '../../../test/support/in-memory-erasure-claims.js';

const CREATOR = 'creator-1';
const LINKED = 'acc_creator1';

type Command =
  | { kind: 'fund' | 'submit' | 'approve' | 'changes' | 'settle_cycle'; m: number }
  | { kind: 'dispute' | 'answer'; m: number; by: 'creator' | 'brand' }
  | { kind: 'resolve'; m: number; decision: 'release' | 'refund' }
  | { kind: 'deliver'; order: number[]; duplicates: number }
  | { kind: 'gateway'; down: boolean }
  | { kind: 'worker' };

const milestone = fc.integer({ min: 0, max: 2 });
const onMilestone = (kind: 'fund' | 'submit' | 'approve' | 'changes' | 'settle_cycle') =>
  fc.record({ kind: fc.constant(kind), m: milestone });
/**
 * Weighted so that sequences get past `pending`: a milestone moves only once it is funded (a fund
 * then a delivery or a worker pass), and a refund needs fund → dispute → resolve on the same one.
 * With every command equally likely, fewer than 1 run in 50 reached a refund or a release.
 */
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: onMilestone('fund'), weight: 6 },
  { arbitrary: onMilestone('submit'), weight: 4 },
  { arbitrary: onMilestone('approve'), weight: 4 },
  { arbitrary: onMilestone('changes'), weight: 1 },
  { arbitrary: onMilestone('settle_cycle'), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('dispute'),
      m: milestone,
      by: fc.constantFrom('creator', 'brand'),
    }),
    weight: 3,
  },
  {
    // A dispute's answer moves no money: it must leave the property as it is, whenever it comes.
    arbitrary: fc.record({
      kind: fc.constant('answer'),
      m: milestone,
      by: fc.constantFrom('creator', 'brand'),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('resolve'),
      m: milestone,
      decision: fc.constantFrom('release', 'refund'),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('deliver'),
      order: fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 12 }),
      duplicates: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('gateway'), down: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('worker') }), weight: 3 },
);

function world(amounts: readonly number[]) {
  const clock = new FakeClock();
  const deals = new InMemoryDealRepository();
  const ledger = new InMemoryLedger();
  const intents = new InMemoryPaymentIntents();
  const inbox = new InMemoryWebhookInbox();
  const gateway = new FakePaymentGateway();
  const settings = new PaymentsSettings(0, 'http://localhost:5173', 1_000, 86_400_000, 3_600_000);
  const moves = new MilestoneMoves(
    deals,
    clock,
    new ClaimRetryTiming(),
    inMemoryErasureGate(clock),
  );
  const engine = new MoneyEngine(deals, moves, ledger, gateway, intents, settings, clock);
  const webhooks = new ProcessWebhook(
    gateway,
    inbox,
    intents,
    engine,
    clock,
    new RecordingPayoutAccountEvents(),
  );
  const now = clock.now();
  const deal = acceptedDealRecord(now, {
    id: 'deal-1',
    creatorId: CREATOR,
    milestones: amounts.map((amountPaise, index) =>
      milestoneRecord({ id: `m${String(index)}`, name: `M${String(index)}`, amountPaise }),
    ),
  });
  return { clock, deals, ledger, intents, gateway, moves, engine, webhooks, deal };
}

/** Swallows the refusals a random sequence runs into (a move the state does not allow). */
async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

describe('milestone money under random sequences (property)', () => {
  beforeAll(() => {
    // The engine logs every retry of the injected outages; the assertions say what matters.
    Logger.overrideLogger(false);
  });

  afterAll(() => {
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  it('keeps every transaction balanced and the balances equal to the gateway, whatever the order of events', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 10_000_000 }), { minLength: 3, maxLength: 3 }),
        // `size: 'max'`: fast-check's default size ('small') caps a generated array at
        // 2 × minLength + 10 = 30 commands whatever maxLength says.
        fc.array(command, { minLength: 10, maxLength: 80, size: 'max' }),
        async (amounts, commands) => {
          const w = world(amounts);
          await w.deals.insert(w.deal);
          const queue: SignedWebhook[] = [];
          const id = (m: number) => `m${String(m)}`;
          const deliver = async (hooks: readonly SignedWebhook[]) => {
            for (const hook of hooks) {
              await w.webhooks.execute(hook.body, hook.signature, hook.id);
            }
          };
          const worker = async () => {
            w.clock.advance(10 * 60_000);
            for (const intent of await w.intents.due(w.clock.now(), 100))
              await w.engine.runIntent(intent);
            await w.webhooks.retryUnprocessed(100).catch(() => 0);
          };
          for (const step of commands) {
            switch (step.kind) {
              case 'fund': {
                const current = (await w.deals.findById('deal-1'))?.milestones[step.m];
                if (current?.state !== 'pending') break;
                const intentId = intentIds.fund('deal-1', id(step.m));
                const intent = await w.intents.open({
                  id: intentId,
                  kind: 'fund',
                  dealId: 'deal-1',
                  milestoneId: id(step.m),
                  creatorId: CREATOR,
                  amountPaise: current.amountPaise,
                  feePaise: 0,
                  linkedAccountId: LINKED,
                  createdAt: w.clock.now(),
                  nextAttemptAt: w.clock.now(),
                });
                if (w.gateway.down) break;
                const notes = { dealId: 'deal-1', milestoneId: id(step.m) };
                const order = await w.gateway.createOrder({
                  amountPaise: intent.amountPaise,
                  receipt: intentId,
                  notes,
                  transfers: [
                    {
                      linkedAccountId: LINKED,
                      amountPaise: intent.amountPaise,
                      onHold: true,
                      notes,
                    },
                  ],
                  idempotencyKey: intentId,
                });
                await w.intents.setOrder(intentId, order.id);
                if (w.gateway.orders.get(order.id)?.status !== 'paid')
                  queue.push(...w.gateway.paymentWebhooks(w.gateway.pay(order.id)));
                break;
              }
              case 'submit':
                await attempt(() =>
                  w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: 'submit',
                    by: 'creator',
                    actor: CREATOR,
                    changes: (_d, _m, at) => ({
                      submission: { links: ['https://x.in'], note: '', at },
                    }),
                  }),
                );
                break;
              case 'approve':
                await attempt(async () => {
                  const moved = await w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: 'approve',
                    by: 'brand',
                    actor: 'p@glow.in',
                  });
                  await w.engine.runIntent(
                    await w.engine.openIntent('release', moved.deal, moved.milestone),
                  );
                });
                break;
              case 'changes':
                await attempt(() =>
                  w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: 'request_changes',
                    by: 'brand',
                    actor: 'p@glow.in',
                    changes: (_d, m) => ({ revisionsUsed: m.revisionsUsed + 1 }),
                  }),
                );
                break;
              case 'dispute':
                await attempt(() =>
                  w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: 'dispute',
                    by: step.by,
                    actor: step.by,
                    changes: (_d, m, at) => ({
                      dispute: {
                        id: `d${String(step.m)}`,
                        openedBy: step.by,
                        reason: 'x',
                        at,
                        frozenFrom: m.state,
                        answer: null,
                        resolution: null,
                      },
                    }),
                  }),
                );
                break;
              case 'answer':
                await attempt(() =>
                  w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: 'answer_dispute',
                    by: step.by,
                    actor: step.by,
                    changes: (_d, m, at) => ({
                      dispute: m.dispute
                        ? { ...m.dispute, answer: { by: step.by, note: 'y', at } }
                        : null,
                    }),
                  }),
                );
                break;
              case 'resolve':
                await attempt(async () => {
                  const moved = await w.moves.move({
                    dealId: 'deal-1',
                    milestoneId: id(step.m),
                    action: step.decision === 'release' ? 'resolve_release' : 'resolve_refund',
                    by: 'admin',
                    actor: 'admin',
                    check: (_d, m) => {
                      if (m.dispute?.resolution) throw new DomainErrorStub();
                    },
                    changes: (_d, m, at) => ({
                      dispute: m.dispute
                        ? {
                            ...m.dispute,
                            resolution: { decision: step.decision, note: '', at, by: 'admin' },
                          }
                        : null,
                    }),
                  });
                  await w.engine.runIntent(
                    await w.engine.openIntent(
                      step.decision === 'release' ? 'release' : 'refund',
                      moved.deal,
                      moved.milestone,
                    ),
                  );
                });
                break;
              case 'settle_cycle':
                if (!w.gateway.down) {
                  w.gateway.settleReleased();
                  queue.push(...w.gateway.settlementWebhooks());
                }
                break;
              case 'deliver': {
                const picked = step.order
                  .map((n) => queue[n % Math.max(queue.length, 1)])
                  .filter((hook) => hook !== undefined);
                for (let copy = 0; copy < step.duplicates; copy += 1) await deliver(picked);
                break;
              }
              case 'gateway':
                w.gateway.down = step.down;
                break;
              case 'worker':
                await worker();
                break;
            }
          }
          // Everything arrives in the end (reversed, twice), the gateway is up, the worker drains.
          w.gateway.down = false;
          await deliver([...queue].reverse());
          await deliver(queue);
          for (let pass = 0; pass < 12; pass += 1) await worker();
          // A settlement cycle at the gateway, its webhooks, and the worker again.
          w.gateway.settleReleased();
          await deliver(w.gateway.settlementWebhooks());
          for (let pass = 0; pass < 3; pass += 1) await worker();

          for (const { kind } of w.ledger.transactions) seen.add(kind);
          for (const { lines } of w.ledger.transactions) {
            expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
          }
          const transfers = [...w.gateway.transfers.values()].filter(
            ({ amountReversedPaise }) => amountReversedPaise === 0,
          );
          const funded = new Set(
            (await w.deals.findById('deal-1'))?.milestones
              .map((item) => item.funding?.transferId)
              .filter(Boolean),
          );
          const ours = transfers.filter(({ id: transferId }) => funded.has(transferId));
          const sum = (list: typeof ours) =>
            list.reduce((total, { amountPaise }) => total + amountPaise, 0);
          expect(w.ledger.balance(creatorAccount(CREATOR, 'held'))).toBe(
            sum(ours.filter(({ onHold }) => onHold)),
          );
          expect(w.ledger.balance(creatorAccount(CREATOR, 'releasing'))).toBe(
            sum(
              ours.filter(
                ({ onHold, settlementStatus }) => !onHold && settlementStatus !== 'settled',
              ),
            ),
          );
          expect(w.ledger.balance(creatorAccount(CREATOR, 'paid_out'))).toBe(
            sum(ours.filter(({ settlementStatus }) => settlementStatus === 'settled')),
          );
          // No transfer's hold lifted twice; a payment that funded nothing is refunded in full.
          expect([...w.gateway.holdsLifted.values()].every((count) => count === 1)).toBe(true);
          for (const transfer of w.gateway.transfers.values()) {
            if (!funded.has(transfer.id)) {
              expect(w.gateway.payments.get(transfer.sourceId)?.status).toBe('refunded');
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // The random sequences did reach every kind of movement. Measured over 20,000 runs of these
    // generators: a refund in 21 % of runs, a release and a settlement in 38 %, so 150 runs all
    // missing one has a probability below 1e-15 (it was about 1 in 8 before the weights and size).
    expect([...seen].sort()).toEqual(['funded', 'refunded', 'released', 'settled']);
  }, 120_000);
});

class DomainErrorStub extends DomainError {
  readonly code = 'ALREADY_RESOLVED';

  constructor() {
    super('Already resolved.');
  }
}
