// The port lives in the payment-gateway module (ADR 0062); the payments' use cases name it here.
export * from '../../../payment-gateway/payment-gateway.contract.js';
