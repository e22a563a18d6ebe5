/** The payment gateway's wiring face: its Nest module, and its contract (payment-gateway.contract.ts). */
export * from './payment-gateway.contract.js';
export { PaymentGatewayModule, RAZORPAY_REQUEST_TIMEOUT_MS } from './payment-gateway.module.js';
export { gatewayIdempotencyKey } from './infrastructure/razorpay/index.js';
