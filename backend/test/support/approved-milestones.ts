import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DealRepository } from '../../src/deals/application/ports/deal.repository.js';
import type { Deal } from '../../src/deals/domain/deal.js';
import { MilestoneMoves } from '../../src/payments/application/milestone-moves.js';
import { MoneyEngine } from '../../src/payments/application/money-engine.js';
import { intentIds } from '../../src/payments/domain/money-keys.js';
import { PaymentIntents } from '../../src/payments/application/ports/payment-intents.js';
import { PaymentGateway } from '../../src/payment-gateway/index.js';
import { acceptedDealRecord, milestoneRecord } from './deal-records.js';

export interface ApprovedDealOptions {
  readonly index: number;
  readonly milestones: number;
  readonly amountPaise: number;
  /** The creator's Route linked account at the gateway the app talks to. */
  readonly linkedAccountId: string;
  /** The brand pays the order at the gateway (the fake's pay(), or the local gateway's). */
  readonly pay: (orderId: string) => unknown;
}

/** The ledger document shape the payments tests read back (ledger_transactions). */
export interface LedgerDocument {
  eventKey: string;
  kind: string;
  milestoneId: string;
  lines: { amountPaise: number }[];
}

/**
 * An accepted deal stored through the app's own repository, each milestone funded through the
 * app's gateway and money engine (order created, paid, synced: ledger and transfer on hold),
 * submitted by the creator and approved by the brand: ready to be released.
 */
export async function approvedDeal(
  app: INestApplication,
  { index, milestones, amountPaise, linkedAccountId, pay }: ApprovedDealOptions,
): Promise<Deal> {
  const deals = app.get(DealRepository, { strict: false });
  const intents = app.get(PaymentIntents, { strict: false });
  const engine = app.get(MoneyEngine, { strict: false });
  const moves = app.get(MilestoneMoves, { strict: false });
  const gateway = app.get(PaymentGateway, { strict: false });
  const now = new Date();
  const creatorId = `creator-${String(index)}`;
  const deal = acceptedDealRecord(now, {
    id: randomUUID(),
    creatorId,
    title: `Deal ${String(index)}`,
    milestones: Array.from({ length: milestones }, (_, n) =>
      milestoneRecord({ id: randomUUID(), name: `M${String(n)}`, amountPaise }),
    ),
  });
  await deals.insert(deal);
  for (const milestone of deal.milestones) {
    const id = intentIds.fund(deal.id, milestone.id);
    await intents.open({
      id,
      kind: 'fund',
      dealId: deal.id,
      milestoneId: milestone.id,
      creatorId,
      amountPaise,
      feePaise: 0,
      linkedAccountId,
      createdAt: now,
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
    });
    const order = await gateway.createOrder({
      amountPaise,
      receipt: milestone.id.slice(0, 30),
      notes: { dealId: deal.id, milestoneId: milestone.id },
      transfers: [
        {
          linkedAccountId,
          amountPaise,
          onHold: true,
          notes: { dealId: deal.id, milestoneId: milestone.id },
        },
      ],
      idempotencyKey: id,
    });
    await intents.setOrder(id, order.id);
    await pay(order.id);
    if ((await engine.syncOrder(order.id)) !== 'done') {
      throw new Error(`milestone ${milestone.id} was not funded`);
    }
    await moves.move({
      dealId: deal.id,
      milestoneId: milestone.id,
      action: 'submit',
      by: 'creator',
      actor: creatorId,
      changes: (_deal, _m, at) => ({ submission: { links: ['https://x.in/p'], note: '', at } }),
    });
    await moves.move({
      dealId: deal.id,
      milestoneId: milestone.id,
      action: 'approve',
      by: 'brand',
      actor: 'priya@glow.in',
      changes: (_deal, _m, at) => ({ approvedAt: at }),
    });
  }
  return (await deals.findById(deal.id)) ?? deal;
}
