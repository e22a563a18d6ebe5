/**
 * The gateway's state: every object the API made, the checkout sessions, the idempotency slots,
 * the writes log and the fault controls, in memory.
 */
import { badRequest, NOT_FOUND_DESCRIPTION } from './errors.ts';
import type {
  ApiWrite,
  GatewayFaults,
  Notes,
  RazorpayAccount,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayProduct,
  RazorpayRefund,
  RazorpayReversal,
  RazorpaySettlement,
  RazorpayStakeholder,
  RazorpayTransfer,
} from './types.ts';

export interface OrderRecord {
  order: RazorpayOrder;
  transfers: {
    account: string;
    amount: number;
    onHold: boolean;
    onHoldUntil: number | null;
    notes: Notes;
  }[];
}

export interface AccountRecord {
  account: RazorpayAccount;
  stakeholders: RazorpayStakeholder[];
  products: RazorpayProduct[];
}

export interface CheckoutSession {
  orderId: string;
  callbackUrl: string;
  cancelUrl: string | null;
  name: string;
  description: string;
  email: string;
  contact: string;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Writes, webhook deliveries: the oldest dropped past this many. */
export const MAX_KEPT_ENTRIES = 5000;

export function cleanFaults(): GatewayFaults {
  return {
    failNext: 0,
    failStatus: 500,
    loseNextAnswers: 0,
    delayMs: 0,
    duplicateWebhooks: 1,
    shuffleWebhooks: false,
    holdWebhooks: false,
    downUntil: 0,
    downMode: 'unavailable',
  };
}

export class GatewayStore {
  readonly orders = new Map<string, OrderRecord>();
  readonly payments = new Map<string, RazorpayPayment>();
  readonly transfers = new Map<string, RazorpayTransfer>();
  readonly reversals = new Map<string, RazorpayReversal>();
  readonly refunds = new Map<string, RazorpayRefund>();
  readonly accounts = new Map<string, AccountRecord>();
  readonly settlements = new Map<string, RazorpaySettlement>();
  readonly checkouts = new Map<string, CheckoutSession>();
  readonly idempotent = new Map<string, { fingerprint: string; answer: ApiAnswer | null }>();
  readonly writes: ApiWrite[] = [];
  faults: GatewayFaults = cleanFaults();
  /** Where webhooks go; none: they are kept. */
  webhookUrl: string | undefined;

  constructor(webhookUrl: string | undefined) {
    this.webhookUrl = webhookUrl;
  }

  order(id: string): OrderRecord {
    return found(this.orders.get(id), 'id');
  }

  payment(id: string): RazorpayPayment {
    return found(this.payments.get(id), 'id');
  }

  transfer(id: string): RazorpayTransfer {
    return found(this.transfers.get(id), 'id');
  }

  account(id: string): AccountRecord {
    return found(this.accounts.get(id), 'account_id');
  }

  /** Forgets every object, idempotency key, logged write and fault. */
  clear(): void {
    for (const map of [
      this.orders,
      this.payments,
      this.transfers,
      this.reversals,
      this.refunds,
      this.accounts,
      this.settlements,
      this.checkouts,
      this.idempotent,
    ]) {
      map.clear();
    }
    this.writes.length = 0;
    this.faults = cleanFaults();
  }
}

function found<T>(value: T | undefined, field: string): T {
  if (!value) throw badRequest(NOT_FOUND_DESCRIPTION, field);
  return value;
}
