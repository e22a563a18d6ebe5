import { Module } from '@nestjs/common';
import { fromConfig } from '../config/config.module.js';
import { PaymentGateway } from './application/ports/payment-gateway.port.js';
import { RazorpayPaymentGateway } from './infrastructure/razorpay/index.js';

/** One call to Razorpay, connection to last byte. */
export const RAZORPAY_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The payment aggregator that holds the money (ADR 0040, 0062): the PaymentGateway port bound once
 * to Razorpay (or the local payment gateway, which speaks its API), from RAZORPAY_API_URL,
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET. The payments module (orders,
 * transfers, refunds) and the payouts module (Route linked accounts) both import it.
 */
@Module({
  providers: [
    fromConfig(
      PaymentGateway,
      ({ razorpay }) =>
        new RazorpayPaymentGateway({
          apiUrl: razorpay.apiUrl,
          keyId: razorpay.keyId,
          keySecret: razorpay.keySecret,
          webhookSecret: razorpay.webhookSecret,
          timeoutMs: RAZORPAY_REQUEST_TIMEOUT_MS,
          merchantName: 'Paylock',
        }),
    ),
  ],
  exports: [PaymentGateway],
})
export class PaymentGatewayModule {}
