/** The API's routes: Razorpay's paths, each to the concern that carries it out. */
import { createAccount, createStakeholder, requestProduct, updateProduct } from './accounts.ts';
import { collection } from './answers.ts';
import { badRequest, NOT_FOUND_DESCRIPTION } from './errors.ts';
import { createOrder } from './orders.ts';
import { refund } from './refunds.ts';
import type { Gateway } from './gateway.ts';
import { reverse, updateTransfer } from './transfers.ts';

export type Handler = (
  params: string[],
  body: Record<string, unknown>,
  query: URLSearchParams,
) => unknown;

export interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly handler: Handler;
}

export function apiRoutes(gateway: Gateway): Route[] {
  const { store } = gateway;
  const routes: Route[] = [];
  const on = (method: string, path: string, handler: Handler) => {
    const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '([A-Za-z0-9_]+)')}$`);
    routes.push({ method, pattern, handler });
  };

  on('POST', '/v1/orders', (_params, body) => createOrder(gateway, body));
  on('GET', '/v1/orders', (_params, _body, query) => {
    const receipt = query.get('receipt');
    const items = [...store.orders.values()]
      .map((record) => record.order)
      .filter((item) => receipt === null || item.receipt === receipt)
      .reverse();
    return collection(items.slice(0, Number(query.get('count') ?? 10) || 10));
  });
  on('GET', '/v1/orders/:id', ([id]) => store.order(id ?? '').order);
  on('GET', '/v1/orders/:id/payments', ([id]) => {
    store.order(id ?? '');
    return collection([...store.payments.values()].filter((item) => item.order_id === id));
  });
  on('GET', '/v1/payments/:id', ([id]) => store.payment(id ?? ''));
  on('GET', '/v1/payments/:id/transfers', ([id]) => {
    store.payment(id ?? '');
    return collection([...store.transfers.values()].filter((item) => item.source === id));
  });
  on('POST', '/v1/payments/:id/refund', ([id], body) => refund(gateway, id ?? '', body));
  on('GET', '/v1/refunds/:id', ([id]) => {
    const found = store.refunds.get(id ?? '');
    if (!found) throw badRequest(NOT_FOUND_DESCRIPTION, 'id');
    return found;
  });
  on('GET', '/v1/transfers/:id', ([id]) => store.transfer(id ?? ''));
  on('PATCH', '/v1/transfers/:id', ([id], body) => updateTransfer(gateway, id ?? '', body));
  on('POST', '/v1/transfers/:id/reversals', ([id], body) => reverse(gateway, id ?? '', body));
  on('GET', '/v1/transfers/:id/reversals', ([id]) => {
    store.transfer(id ?? '');
    return collection([...store.reversals.values()].filter((item) => item.transfer_id === id));
  });
  on('POST', '/v2/accounts', (_params, body) => createAccount(gateway, body));
  on('GET', '/v2/accounts/:id', ([id]) => store.account(id ?? '').account);
  on('POST', '/v2/accounts/:id/stakeholders', ([id], body) =>
    createStakeholder(gateway, id ?? '', body),
  );
  on('POST', '/v2/accounts/:id/products', ([id], body) => requestProduct(gateway, id ?? '', body));
  on('GET', '/v2/accounts/:id/products/:product', ([id, productId]) => {
    const product = store.account(id ?? '').products.find((item) => item.id === productId);
    if (!product) throw badRequest(NOT_FOUND_DESCRIPTION, 'product_id');
    return product;
  });
  on('PATCH', '/v2/accounts/:id/products/:product', ([id, productId], body) =>
    updateProduct(gateway, id ?? '', productId ?? '', body),
  );
  return routes;
}
