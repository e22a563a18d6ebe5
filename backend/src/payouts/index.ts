/** The payout profiles' wiring face: the Nest module (see payouts.contract.ts for the domain face). */
export { PayoutsModule } from './payouts.module.js';
export { PayoutsWorker } from './infrastructure/payouts-worker.js';
