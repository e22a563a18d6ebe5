import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../admin/admin.contract.js';
import { Clock } from '../../common/application/clock.js';
import type { Deal, Milestone, MilestoneDispute } from '../../deals/deals.contract.js';
import {
  DisputeNotFoundError,
  DisputeResolvedError,
  MilestoneTransitionRefusedError,
} from '../domain/payment.errors.js';
import { MilestoneMoves } from './milestone-moves.js';
import { MoneyEngine } from './money-engine.js';
import { MoneyDeals } from './ports/money-deals.js';

export interface DisputeView {
  readonly deal: Deal;
  readonly milestone: Milestone;
  readonly dispute: MilestoneDispute;
}

export interface AdminActor {
  readonly userId: string;
  readonly email: string;
}

/** The admin's disputes (#26): every milestone frozen by a dispute, and the admin's decision. */
@Injectable()
export class AdminDisputes {
  constructor(
    private readonly deals: MoneyDeals,
    private readonly moves: MilestoneMoves,
    private readonly engine: MoneyEngine,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Open disputes first, then decided ones; newest first within each. */
  async list(page: number, pageSize: number): Promise<{ items: DisputeView[]; total: number }> {
    const views: DisputeView[] = [];
    for (const deal of await this.deals.withDisputes()) {
      for (const milestone of deal.milestones) {
        if (milestone.dispute) views.push({ deal, milestone, dispute: milestone.dispute });
      }
    }
    views.sort(
      (a, b) =>
        Number(a.dispute.resolution !== null) - Number(b.dispute.resolution !== null) ||
        b.dispute.at.getTime() - a.dispute.at.getTime(),
    );
    const start = (page - 1) * pageSize;
    return { items: views.slice(start, start + pageSize), total: views.length };
  }

  async get(disputeId: string): Promise<DisputeView> {
    for (const deal of await this.deals.withDisputes()) {
      for (const milestone of deal.milestones) {
        if (milestone.dispute?.id === disputeId) {
          return { deal, milestone, dispute: milestone.dispute };
        }
      }
    }
    throw new DisputeNotFoundError();
  }

  /**
   * Decides a dispute, claim-once: "release" approves the milestone and releases it; "refund"
   * records the decision and returns the money to the brand. Audited.
   */
  async resolve(
    disputeId: string,
    decision: 'release' | 'refund',
    note: string,
    admin: AdminActor,
  ): Promise<DisputeView> {
    const { deal, milestone } = await this.get(disputeId);
    if (milestone.dispute?.resolution) throw new DisputeResolvedError();
    let moved;
    try {
      moved = await this.moves.move({
        dealId: deal.id,
        milestoneId: milestone.id,
        action: decision === 'release' ? 'resolve_release' : 'resolve_refund',
        by: 'admin',
        actor: admin.userId,
        note,
        check: (_deal, current) => {
          if (current.dispute?.id !== disputeId || current.dispute.resolution) {
            throw new DisputeResolvedError();
          }
        },
        changes: (_deal, current, at) => ({
          dispute: current.dispute
            ? { ...current.dispute, resolution: { decision, note, at, by: admin.userId } }
            : null,
        }),
      });
    } catch (error) {
      if (error instanceof MilestoneTransitionRefusedError) throw new DisputeResolvedError();
      throw error;
    }
    await this.audit.append({
      at: this.clock.now(),
      actor: admin,
      action: 'dispute.resolved',
      details: { disputeId, dealId: deal.id, milestoneId: milestone.id, decision },
    });
    const intent = await this.engine.openIntent(
      decision === 'release' ? 'release' : 'refund',
      moved.deal,
      moved.milestone,
    );
    await this.engine.runIntent(intent);
    return this.get(disputeId);
  }
}
