import {
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayTransfer,
  type LinkedAccountInput,
  type LinkedAccountStatus,
  PaymentGatewayError,
} from '../../application/ports/payment-gateway.port.js';
import type {
  RazorpayNotes,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayRefundEntity,
  RazorpayTransferEntity,
} from './razorpay.types.js';

// Razorpay's entities as the PaymentGateway port names them, and the request bodies and ids the
// gateway sends: pure functions, no HTTP.

export const RAZORPAY_ID = /^[a-z]+(?:_[a-z]+)?_[A-Za-z0-9]{6,40}$/;
const LINKED_ACCOUNT_STATUSES: readonly LinkedAccountStatus[] = [
  'created',
  'under_review',
  'needs_clarification',
  'activated',
  'suspended',
];
const EXISTING_ACCOUNT = /already exists for account - (acc_[A-Za-z0-9]+)/;

export function notesOf(notes: RazorpayNotes | undefined): Record<string, string> {
  return Array.isArray(notes) || notes === undefined ? {} : notes;
}

export function orderOf(order: RazorpayOrderEntity): GatewayOrder {
  return {
    id: order.id,
    amountPaise: order.amount,
    amountPaidPaise: order.amount_paid,
    receipt: order.receipt ?? '',
    status: order.status,
    notes: notesOf(order.notes),
  };
}

export function paymentOf(payment: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: payment.id,
    orderId: payment.order_id,
    amountPaise: payment.amount,
    amountRefundedPaise: payment.amount_refunded,
    status: payment.status,
  };
}

export function transferOf(transfer: RazorpayTransferEntity): GatewayTransfer {
  return {
    id: transfer.id,
    sourceId: transfer.source,
    linkedAccountId: transfer.recipient,
    amountPaise: transfer.amount,
    amountReversedPaise: transfer.amount_reversed,
    onHold: transfer.on_hold,
    status: transfer.status,
    settlementStatus: transfer.settlement_status ?? (transfer.on_hold ? 'on_hold' : 'pending'),
    notes: notesOf(transfer.notes),
  };
}

export function refundOf(refund: RazorpayRefundEntity): GatewayRefund {
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amountPaise: refund.amount,
    status: refund.status,
  };
}

/** The account part of POST /v2/accounts, shared by the classic and the composite calls. */
export function accountBodyOf(input: LinkedAccountInput): Record<string, unknown> {
  const address = input.address ?? {
    street: 'Not provided',
    city: 'Bengaluru',
    state: 'KARNATAKA',
    postalCode: '560001',
  };
  return {
    email: input.email,
    phone: input.phone,
    type: 'route',
    reference_id: input.referenceId,
    legal_business_name: input.legalName,
    business_type: 'individual',
    contact_name: input.legalName,
    profile: {
      category: 'services',
      subcategory: 'professional_services',
      addresses: {
        registered: {
          street1: address.street,
          street2: address.street,
          city: address.city,
          state: address.state,
          postal_code: address.postalCode,
          country: 'IN',
        },
      },
    },
    legal_info: { pan: input.pan },
  };
}

export function accountStatusOf(status: string): LinkedAccountStatus {
  return (LINKED_ACCOUNT_STATUSES as readonly string[]).includes(status)
    ? (status as LinkedAccountStatus)
    : 'under_review';
}

/** An id that goes into a URL path: Razorpay's shape only (`pay_…`, `trf_…`, `acc_…`). */
export function pathId(id: string): string {
  if (!RAZORPAY_ID.test(id)) {
    throw new PaymentGatewayError(
      `Not a gateway id: ${id.slice(0, 60)}`,
      'not_found',
      undefined,
      'id',
    );
  }
  return id;
}

/** The account a refused creation names as already existing for its e-mail, if that is why. */
export function existingAccountIn(error: unknown): string | undefined {
  return error instanceof PaymentGatewayError
    ? EXISTING_ACCOUNT.exec(error.message)?.[1]
    : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
