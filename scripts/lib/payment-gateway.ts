/**
 * The local payment gateway for `npm start` without RAZORPAY_KEY_ID and for the tests: the
 * workspace package packages/payment-gateway, which speaks the subset of Razorpay's API Paylock
 * uses.
 */
export {
  startPaymentGateway,
  type GatewayFaults,
  type GatewayState,
  type LocalPaymentGateway,
  type PaymentGatewayOptions,
} from '@paylock/payment-gateway';
