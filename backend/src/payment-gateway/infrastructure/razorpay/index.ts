/** The Razorpay adapter of the PaymentGateway port (issue #26, docs/adr/0040). */
export { RazorpayPaymentGateway, type RazorpaySettings } from './razorpay-payment-gateway.js';
export { gatewayIdempotencyKey, IDEMPOTENCY_HEADERS } from './razorpay-http-client.js';
export { isRazorpaySignature, razorpaySignature } from './razorpay-signatures.js';
