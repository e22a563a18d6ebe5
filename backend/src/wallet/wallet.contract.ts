/** The wallet's contract face (#27): its figures, derived from the ledger. Pure TS. */
export {
  type DealAmount,
  type MonthAmount,
  type WalletFigure,
  type WalletSummary,
  walletSummary,
  walletSummaryOf,
} from './domain/wallet.js';
