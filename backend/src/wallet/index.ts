/** The wallet's wiring face: the Nest module (see wallet.contract.ts for the domain face). */
export { WalletModule } from './wallet.module.js';
