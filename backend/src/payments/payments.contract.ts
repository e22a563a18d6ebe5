/**
 * The payments' contract face: the PaymentGateway port and its types, for other features' domain
 * and application code (the payout profiles create and follow Route linked accounts through it).
 */
export {
  PaymentGateway,
  PaymentGatewayError,
  type PaymentGatewayErrorKind,
  type CheckoutForm,
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
