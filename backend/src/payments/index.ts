/** The payments' wiring face: the Nest modules. */
export { PaymentsModule } from './payments.module.js';
export { PaymentsSummaryModule } from './payments-summary.module.js';
export { PaymentsWorker } from './infrastructure/payments-worker.js';
