/**
 * What the insights read of a deal (#40): its brand, when it was accepted, and each milestone's
 * amount, state and the times of its moves, read from the milestone's stamps and the deal's
 * history. Times are epoch milliseconds (the facts are stored as JSON in the read model).
 */
import type { Deal, HistoryEntry, MilestoneState } from '../../deals/deals.contract.js';

/** Who approved a milestone: the brand, the system when the approval window ran out, an admin. */
export type Approver = 'brand' | 'automatic' | 'admin';

export interface MilestoneFacts {
  readonly id: string;
  readonly name: string;
  readonly amountPaise: number;
  readonly state: MilestoneState;
  /** The milestone's due date (YYYY-MM-DD, as the creator wrote it). */
  readonly dueDate: string;
  readonly fundedAt: number | null;
  /** The creator's first submission of the work. */
  readonly firstSubmittedAt: number | null;
  /** When the approval window of the pending submission ends (automatic approval). */
  readonly approvalDueAt: number | null;
  readonly approvedAt: number | null;
  readonly approvedBy: Approver | null;
  readonly releasedAt: number | null;
  readonly settledAt: number | null;
  readonly refundedAt: number | null;
  /** The times the brand sent the work back for changes. */
  readonly changeRequests: readonly number[];
  readonly disputedAt: number | null;
}

export interface DealFacts {
  readonly dealId: string;
  readonly revision: number;
  readonly creatorId: string;
  /** The name the creator signed the latest contract with ('' before any). */
  readonly creatorName: string;
  readonly title: string;
  /** The brand as the deals group it: its company name in lower case. */
  readonly brandKey: string;
  readonly brandName: string;
  /** The brand workspace bound to the deal's money, when it accepted from one. */
  readonly brandAccountId: string | null;
  readonly state: Deal['state'];
  /** The brand's acceptance (the last move into `accepted`). */
  readonly acceptedAt: number | null;
  readonly approvalWindowDays: number;
  readonly milestones: readonly MilestoneFacts[];
}

const time = (at: Date | null | undefined) => (at ? new Date(at).getTime() : null);

const APPROVERS: Readonly<Record<string, Approver>> = {
  brand: 'brand',
  system: 'automatic',
  admin: 'admin',
};

function movesOf(history: readonly HistoryEntry[], milestoneId: string) {
  return history.filter((entry) => entry.milestone?.id === milestoneId);
}

function acceptedAtOf(deal: Deal): number | null {
  const acceptance = deal.history.findLast(
    (entry) => entry.to === 'accepted' && entry.from !== 'accepted' && !entry.milestone,
  );
  return time(acceptance?.at);
}

export function dealFactsOf(deal: Deal): DealFacts {
  const party = deal.brandParty;
  return {
    dealId: deal.id,
    revision: deal.revision,
    creatorId: deal.creatorId,
    creatorName: deal.contracts.at(-1)?.creatorAcceptance.fullName ?? '',
    title: deal.title,
    brandKey: deal.brand.companyName.toLowerCase(),
    brandName: deal.brand.companyName,
    brandAccountId: party?.channel === 'account' ? party.brandId : null,
    state: deal.state,
    acceptedAt: acceptedAtOf(deal),
    approvalWindowDays: deal.approvalWindowDays,
    milestones: deal.milestones.map((milestone) => {
      const moves = movesOf(deal.history, milestone.id);
      const approval = moves.findLast(
        ({ milestone: move }) => move?.action === 'approve' || move?.action === 'resolve_release',
      );
      const firstSubmission = moves.find(({ milestone: move }) => move?.action === 'submit');
      const dispute = moves.find(({ milestone: move }) => move?.action === 'dispute');
      return {
        id: milestone.id,
        name: milestone.name,
        amountPaise: milestone.amountPaise,
        state: milestone.state,
        dueDate: milestone.dueDate,
        fundedAt: time(milestone.fundedAt),
        firstSubmittedAt: time(firstSubmission?.at ?? milestone.submission?.at),
        approvalDueAt: milestone.state === 'submitted' ? time(milestone.approvalDueAt) : null,
        approvedAt: time(milestone.approvedAt),
        approvedBy: milestone.approvedAt ? (APPROVERS[approval?.by ?? 'brand'] ?? 'brand') : null,
        releasedAt: time(milestone.releasedAt),
        settledAt: time(milestone.settledAt),
        refundedAt: time(milestone.refundedAt),
        changeRequests: moves
          .filter(({ milestone: move }) => move?.action === 'request_changes')
          .map(({ at }) => new Date(at).getTime()),
        disputedAt: time(milestone.dispute?.at ?? dispute?.at),
      };
    }),
  };
}
