/** The parts of Razorpay's entities the adapter reads (amounts in paise, times in Unix seconds). */

/** Razorpay sends an empty `notes` as `[]`. */
export type RazorpayNotes = Record<string, string> | [];

export interface RazorpayCollection<T> {
  readonly entity: 'collection';
  readonly count: number;
  readonly items: T[];
}

export interface RazorpayOrderEntity {
  readonly id: string;
  readonly amount: number;
  readonly amount_paid: number;
  readonly receipt: string | null;
  readonly status: 'created' | 'attempted' | 'paid';
  readonly notes: RazorpayNotes;
}

export interface RazorpayPaymentEntity {
  readonly id: string;
  readonly order_id: string;
  readonly amount: number;
  readonly amount_refunded: number;
  readonly status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

export interface RazorpayTransferEntity {
  readonly id: string;
  readonly source: string;
  readonly recipient: string;
  readonly amount: number;
  readonly amount_reversed: number;
  readonly on_hold: boolean;
  readonly status:
    'created' | 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  readonly settlement_status?: 'pending' | 'on_hold' | 'settled' | null;
  readonly notes: RazorpayNotes;
}

export interface RazorpayReversalEntity {
  readonly id: string;
  readonly transfer_id: string;
  readonly amount: number;
  readonly notes: RazorpayNotes;
}

export interface RazorpayRefundEntity {
  readonly id: string;
  readonly payment_id: string;
  readonly amount: number;
  readonly status: 'pending' | 'processed' | 'failed';
}

export interface RazorpayAccountEntity {
  readonly id: string;
  readonly status: string;
}

export interface RazorpayProductEntity {
  readonly id: string;
  readonly activation_status: string;
}

/** A webhook's envelope. */
export interface RazorpayWebhookEnvelope {
  readonly entity: 'event';
  readonly account_id: string;
  readonly event: string;
  readonly contains: string[];
  readonly payload: Record<string, unknown>;
  readonly created_at: number;
}
