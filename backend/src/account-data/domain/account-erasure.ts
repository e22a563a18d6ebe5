/**
 * Erasing one's own account (#41, docs/privacy.md "Erasing your account"): what refuses it, and
 * what stays afterwards, why and until when. Plain TypeScript.
 */
import { isNeverAcceptedOffer } from '../../deals/deals.contract.js';

/** What the person types to confirm (compared without case and surrounding spaces). */
export const ERASURE_CONFIRMATION = 'ERASE MY ACCOUNT';

export function isErasureConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === ERASURE_CONFIRMATION;
}

/** A milestone's state in which money is held, being released or disputed. */
export const BLOCKING_STATES = [
  'funded',
  'submitted',
  'changes_requested',
  'approved',
  'released',
  'disputed',
] as const;
export type BlockingState = (typeof BLOCKING_STATES)[number];

const BLOCKING_WORDS: Readonly<Record<BlockingState, string>> = {
  funded: 'funded (its money is held)',
  submitted: 'submitted (its money is held)',
  changes_requested: 'sent back for changes (its money is held)',
  approved: 'approved (its money is about to be released)',
  released: 'released (its money is on its way to the bank)',
  disputed: 'disputed',
};

/** What a rule reads of a deal (a Deal, structurally). */
export interface ErasureDeal {
  readonly id: string;
  readonly title: string;
  readonly state: string;
  readonly updatedAt: Date;
  readonly history: readonly { readonly to: string }[];
  readonly milestones: readonly {
    readonly id: string;
    readonly name: string;
    readonly state: string;
    readonly fundedAt: Date | null;
    readonly releasedAt: Date | null;
    readonly refundedAt: Date | null;
  }[];
  readonly contracts: readonly {
    readonly brandAcceptance: object | null;
    readonly signedSha256: string | null;
  }[];
}

/** One milestone whose money refuses the erasure. */
export interface MoneyBlocker {
  readonly dealId: string;
  readonly dealTitle: string;
  readonly milestoneId: string;
  readonly milestoneName: string;
  readonly state: BlockingState;
}

function isBlocking(state: string): state is BlockingState {
  return (BLOCKING_STATES as readonly string[]).includes(state);
}

/** Every milestone of the person's deals whose money is held, being released or disputed. */
export function moneyBlockersOf(deals: readonly ErasureDeal[]): MoneyBlocker[] {
  return deals.flatMap((deal) =>
    deal.milestones.flatMap((milestone) =>
      isBlocking(milestone.state)
        ? [
            {
              dealId: deal.id,
              dealTitle: deal.title,
              milestoneId: milestone.id,
              milestoneName: milestone.name,
              state: milestone.state,
            },
          ]
        : [],
    ),
  );
}

/** The reason in words: `"Reel 1" of "Diwali reel" is funded (its money is held)`. */
export function blockerInWords(blocker: MoneyBlocker): string {
  return `“${blocker.milestoneName}” of “${blocker.dealTitle}” is ${BLOCKING_WORDS[blocker.state]}`;
}

/**
 * One thing kept after the erasure: what, why, and until when (a day, YYYY-MM-DD; null: until
 * the grievance contact removes it on request).
 */
export interface KeptRecord {
  readonly what: string;
  readonly why: string;
  readonly until: string | null;
}

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const LIMITATION_YEARS = 3;

/**
 * The last day an invoice (and the accounts behind it) of `at` must be kept: 72 months from the
 * due date of the annual return of its financial year (CGST Act s. 36, rule 56). The annual
 * return of April Y – March Y+1 is due on 31 December Y+1, so: 31 December Y+7.
 */
export function invoiceKeptUntil(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const startYear = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${String(startYear + 7)}-12-31`;
}

/** Three years after `at` (Limitation Act, 1963: a claim under a contract), as a day. */
function limitationUntil(at: Date): string {
  const until = new Date(at.getTime() + IST_OFFSET_MS);
  until.setUTCFullYear(until.getUTCFullYear() + LIMITATION_YEARS);
  return until.toISOString().slice(0, 10);
}

const latest = (days: readonly string[]): string => [...days].sort().at(-1) ?? '';

/** The days the invoices and money records of a deal must be kept until (one per money event). */
function moneyDaysOf(deal: ErasureDeal): string[] {
  return deal.milestones.flatMap((milestone) =>
    [milestone.fundedAt, milestone.releasedAt, milestone.refundedAt]
      .filter((at): at is Date => at !== null)
      .map(invoiceKeptUntil),
  );
}

const INVOICE_REASON =
  'GST law: tax invoices and the accounts behind them are kept for 72 months from the due date of the annual return of their year (CGST Act 2017, section 36; CGST Rules, rule 56). The contract is the agreement they bill.';
const CONTRACT_REASON =
  'A signed contract between you and the other party: either may bring a claim under it for 3 years (Limitation Act, 1963).';

/** The creator's offers never accepted, with no money and no signed contract: deleted. */
export function offersToDelete<T extends ErasureDeal>(
  deals: readonly T[],
  party: 'creator' | 'brand',
): T[] {
  return party === 'creator' ? deals.filter(isNeverAcceptedOffer) : [];
}

function dealRecord(deal: ErasureDeal, party: 'creator' | 'brand'): KeptRecord {
  const money = moneyDaysOf(deal);
  const names =
    party === 'creator'
      ? 'your account id and your name as printed on them'
      : 'your account id and the mobile number that accepted it';
  if (money.length > 0) {
    return {
      what: `“${deal.title}”: its signed contract, milestones, history, invoices and the ledger lines of its money, with ${names}`,
      why: INVOICE_REASON,
      until: latest(money),
    };
  }
  return {
    what: `“${deal.title}”: its signed contract, milestones and history, with ${names}`,
    why: CONTRACT_REASON,
    until: limitationUntil(deal.updatedAt),
  };
}

/**
 * What stays once the account is erased, why and until when: the deals the law makes a record of
 * (accepted ones: a contract; with money: invoices and ledger lines), and the erasure's own
 * record (the account id only), kept as long as the longest of them.
 */
export function keptAfterErasure(
  deals: readonly ErasureDeal[],
  party: 'creator' | 'brand',
  now: Date,
): KeptRecord[] {
  const deleted = new Set(offersToDelete(deals, party));
  const records = deals.filter((deal) => !deleted.has(deal)).map((deal) => dealRecord(deal, party));
  const days = records.flatMap(({ until }) => (until === null ? [] : [until]));
  const erasureUntil = latest([limitationUntil(now), ...days]);
  return [
    ...records,
    {
      what: 'That this account id was erased, when, and this list (no name, address or number)',
      why: 'So that no money can move for the erased account, and to answer you or the Data Protection Board about this erasure.',
      until: erasureUntil,
    },
  ];
}
