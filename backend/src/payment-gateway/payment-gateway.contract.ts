/**
 * The payment gateway's contract face: the PaymentGateway port and its types, for other features'
 * domain and application code (the payments' money moves, the payout profiles' Route linked
 * accounts).
 */
export {
  PaymentGateway,
  PaymentGatewayError,
  type PaymentGatewayErrorKind,
  type CheckoutForm,
  type CheckoutRequest,
  type CheckoutResult,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayTransfer,
  type GatewayWebhookEvent,
  type LinkedAccount,
  type LinkedAccountInput,
  type LinkedAccountSettlement,
  type LinkedAccountStatus,
} from './application/ports/payment-gateway.port.js';
