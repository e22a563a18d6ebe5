/**
 * The hosted checkout: Razorpay's embedded-checkout form opens a page with Pay and Fail; either
 * pays (or fails) the order and posts the browser back to the merchant's callback URL.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '@paylock/dev-http';
import { page, rupees, sendHtml } from './answers.ts';
import { pay } from './orders.ts';
import type { Gateway } from './gateway.ts';
import type { CheckoutSession } from './store.ts';
import type { CheckoutFailure, CheckoutSuccess } from './types.ts';

/** A POST to the checkout: `form` is its url-encoded body. */
export function handleCheckout(
  gateway: Gateway,
  form: URLSearchParams,
  response: ServerResponse,
  url: URL,
): void {
  if (url.pathname === '/v1/checkout/embedded') openCheckout(gateway, form, response);
  else finishCheckout(gateway, url, response);
}

/** Razorpay's form fields checked against the order; a session and its page with the buttons. */
function openCheckout(
  { settings, store }: Gateway,
  form: URLSearchParams,
  response: ServerResponse,
): void {
  const problem = (message: string) => {
    sendHtml(
      response,
      400,
      page(
        'Checkout error',
        `<main class="card"><h1>Checkout error</h1><p role="alert">${escapeHtml(message)}</p></main>`,
      ),
    );
  };
  if (form.get('key_id') !== settings.keyId) {
    problem('The key_id is not valid.');
    return;
  }
  const record = store.orders.get(form.get('order_id') ?? '');
  if (!record) {
    problem('The order_id is not valid.');
    return;
  }
  if (record.order.status === 'paid') {
    problem('This order has already been paid.');
    return;
  }
  const amount = form.get('amount');
  if (amount !== null && Number(amount) !== record.order.amount) {
    problem('The amount does not match the order amount.');
    return;
  }
  const callbackUrl = httpUrlOrNull(form.get('callback_url'));
  if (!callbackUrl) {
    problem('The callback_url is not valid.');
    return;
  }
  const checkoutId = randomBytes(16).toString('hex');
  const session: CheckoutSession = {
    orderId: record.order.id,
    callbackUrl,
    cancelUrl: httpUrlOrNull(form.get('cancel_url')),
    name: (form.get('name') ?? '').slice(0, 200),
    description: (form.get('description') ?? '').slice(0, 500),
    email: (form.get('prefill[email]') ?? '').slice(0, 200),
    contact: (form.get('prefill[contact]') ?? '').slice(0, 20),
  };
  store.checkouts.set(checkoutId, session);
  sendHtml(response, 200, checkoutPage(checkoutId, session, record.order.amount));
}

/** A button pressed: the session ends, and the browser goes back with Razorpay's fields. */
function finishCheckout(gateway: Gateway, url: URL, response: ServerResponse): void {
  const { store } = gateway;
  const match = /^\/v1\/checkout\/embedded\/([a-f0-9]{32})\/(pay|fail|cancel)$/.exec(url.pathname);
  const session = match?.[1] ? store.checkouts.get(match[1]) : undefined;
  if (!match || !session) {
    sendHtml(response, 404, page('Not found', '<h1>This checkout has ended.</h1>'));
    return;
  }
  store.checkouts.delete(match[1] ?? '');
  if (match[2] === 'cancel') {
    response.writeHead(303, { location: session.cancelUrl ?? session.callbackUrl }).end();
    return;
  }
  let fields: CheckoutSuccess | CheckoutFailure;
  try {
    fields = pay(gateway, session.orderId, match[2] === 'pay' ? 'success' : 'failure', session);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Payment failed';
    sendHtml(response, 400, page('Checkout error', `<h1>${escapeHtml(message)}</h1>`));
    return;
  }
  const { html, nonce } = autoPost(
    session.callbackUrl,
    fields as unknown as Record<string, string>,
  );
  sendHtml(response, 200, html, nonce);
}

export function httpUrlOrNull(value: string | null): string | null {
  if (!value || !URL.canParse(value)) return null;
  return /^https?:$/.test(new URL(value).protocol) ? value : null;
}

function checkoutPage(checkoutId: string, session: CheckoutSession, amountPaise: number): string {
  const action = (outcome: string, label: string, css: string) =>
    `<form method="post" action="/v1/checkout/embedded/${checkoutId}/${outcome}" style="display:inline">` +
    `<button type="submit" class="${css}">${label}</button></form>`;
  return page(
    'Checkout · local payment gateway',
    `<main class="card"><p class="muted">Local payment gateway (a stand-in for Razorpay's hosted checkout): no money moves.</p>
<h1>${escapeHtml(session.name || 'Payment')}</h1>
<p>${escapeHtml(session.description)}</p>
<p>Amount: <strong data-testid="checkout-amount">${rupees(amountPaise)}</strong></p>
<p class="muted">Order ${escapeHtml(session.orderId)}${session.email ? ` · ${escapeHtml(session.email)}` : ''}</p>
${action('pay', 'Pay', 'pay')}${action('fail', 'Fail', 'fail')}
${session.cancelUrl ? `<p><a href="/v1/checkout/embedded/${checkoutId}/cancel">Cancel and go back</a></p>` : ''}
</main>`,
  );
}

function autoPost(
  target: string,
  fields: Readonly<Record<string, string>>,
): {
  html: string;
  nonce: string;
} {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return {
    nonce,
    html: page(
      'Returning to the merchant',
      `<form method="post" action="${escapeHtml(target)}">${inputs}<p>Returning to the merchant…</p>
<noscript><button type="submit">Continue</button></noscript></form>`,
      nonce,
    ),
  };
}
