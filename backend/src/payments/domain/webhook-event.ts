/**
 * What Paylock reads from a verified gateway event: only references (order, payment, transfer).
 * The event's amounts and states are never trusted: processing fetches the current state of what
 * it references from the gateway, so duplicated or reordered events lead to the same result.
 */
export const HANDLED_EVENT_PREFIXES = [
  'order.',
  'payment.',
  'transfer.',
  'settlement.',
  'refund.',
  // Route's linked accounts (the payout profiles follow them).
  'product.route.',
  'account.',
] as const;

export function isHandledEventType(type: string): boolean {
  return HANDLED_EVENT_PREFIXES.some((prefix) => type.startsWith(prefix)) && type.length <= 100;
}

export interface EventReferences {
  readonly orderIds: string[];
  readonly paymentIds: string[];
  readonly transferIds: string[];
  readonly accountIds: string[];
}

type Json = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

function entityOf(payload: Json, name: string): Json | undefined {
  const wrapper = payload[name];
  if (!isRecord(wrapper)) return undefined;
  // Razorpay wraps each entity as `{ entity: … }`; a bare entity is read as well.
  const entity = wrapper.entity;
  return isRecord(entity) ? entity : wrapper;
}

function pick(into: string[], value: unknown): void {
  if (typeof value === 'string' && REFERENCE.test(value) && !into.includes(value)) {
    into.push(value);
  }
}

/** The order, payment and transfer ids an event's payload names (Razorpay's `payload.<x>.entity`). */
export function referencesOf(payload: Json): EventReferences {
  const orderIds: string[] = [];
  const paymentIds: string[] = [];
  const transferIds: string[] = [];
  const order = entityOf(payload, 'order');
  pick(orderIds, order?.id);
  const payment = entityOf(payload, 'payment');
  pick(paymentIds, payment?.id);
  pick(orderIds, payment?.order_id);
  const transfer = entityOf(payload, 'transfer');
  pick(transferIds, transfer?.id);
  pick(paymentIds, transfer?.source);
  const refund = entityOf(payload, 'refund');
  pick(paymentIds, refund?.payment_id);
  const accountIds: string[] = [];
  pick(accountIds, entityOf(payload, 'account')?.id);
  const product = payload.merchant_product;
  if (isRecord(product)) {
    pick(accountIds, product.account_id);
    if (isRecord(product.entity)) pick(accountIds, product.entity.account_id);
  }
  return { orderIds, paymentIds, transferIds, accountIds };
}
