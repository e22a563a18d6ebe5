import type { SmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { SMS_NOTICE_TEMPLATES } from '../../src/notifications/domain/sms-templates.js';
import { AUTH, CSRF_HEADERS, type SessionBody } from './auth-flow.js';
import { dealTerms } from './deal-fixtures.js';
import type { FakeClock } from './fake-clock.js';
import type { FakePaymentGateway, SignedWebhook } from './fake-payment-gateway.js';

const DAY_MS = 86_400_000;

/** The local SMS inbox registers the notice templates as the backend names them by default. */
export const NOTICE_TEMPLATES = Object.values(SMS_NOTICE_TEMPLATES).map(
  ({ name, text, variables }) => ({ id: `local-${name}`, text, variables }),
);

/**
 * The fixture's terms with their dates counted from the (moved) clock, not from today: the first
 * milestone due `firstDueInDays` days on, the next ones 5 days apart.
 */
export function termsOnTheClock(
  clock: FakeClock,
  overrides: Record<string, unknown> = {},
  firstDueInDays = 4,
): Record<string, unknown> {
  const terms = dealTerms(overrides);
  const day = (days: number) =>
    new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
  const dated = (items: unknown, from: number) =>
    (items as object[]).map((item, index) => ({ ...item, dueDate: day(from + 5 * index) }));
  return {
    ...terms,
    deliverables: dated(terms.deliverables, 20),
    milestones: dated(terms.milestones, firstDueInDays),
  };
}

/** The gateway's signed webhooks, delivered to the app as Razorpay would. */
export async function deliverWebhooks(server: App, hooks: readonly SignedWebhook[]): Promise<void> {
  for (const hook of hooks) {
    await request(server)
      .post('/api/v1/payments/webhooks/razorpay')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hook.signature)
      .set('X-Razorpay-Event-Id', hook.id)
      .send(hook.body.toString('utf8'))
      .expect(200);
  }
}

/** The brand funds a milestone through its money link: the checkout, paid at the gateway. */
export async function fundMilestone(
  server: App,
  gateway: FakePaymentGateway,
  token: string,
  milestoneId: string,
): Promise<void> {
  const checkout = await request(server)
    .post('/api/v1/deal-review/milestones/funding')
    .send({ token, milestoneId })
    .expect(200);
  const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
  await deliverWebhooks(server, gateway.paymentWebhooks(gateway.pay(orderId)));
}

/** A brand's sign-up by mobile number (the code read from the local SMS inbox): its token. */
export async function signUpByPhone(
  server: App,
  inbox: SmsInbox,
  phone: { national: string; e164: string; ip: string },
): Promise<string> {
  await request(server)
    .post(`${AUTH}/phone/codes`)
    .set(CSRF_HEADERS)
    .set('X-Forwarded-For', phone.ip)
    .send({ phone: phone.national, purpose: 'signup' })
    .expect(202);
  const code = (await inbox.nextMessageTo(phone.e164)).variables.otp ?? '';
  const session = await request(server)
    .post(`${AUTH}/phone/sessions`)
    .set(CSRF_HEADERS)
    .set('X-Forwarded-For', phone.ip)
    .send({ phone: phone.national, code, purpose: 'signup' })
    .expect(200);
  return (session.body as SessionBody).accessToken;
}
