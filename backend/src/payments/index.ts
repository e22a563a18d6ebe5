/** The payments' wiring face: the gateway adapter's providers (the payments module lists them too). */
export { razorpayGatewayProviders } from './infrastructure/razorpay/index.js';
