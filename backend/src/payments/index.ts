/** The payments' wiring face: the Nest module. */
export { PaymentsModule } from './payments.module.js';
export { PaymentsWorker } from './infrastructure/payments-worker.js';
export { PaymentGateway } from './application/ports/payment-gateway.port.js';
export { razorpayGatewayProviders } from './infrastructure/razorpay/index.js';
