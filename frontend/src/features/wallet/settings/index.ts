/** Wallet → Settings (/creator/wallet/settings): the creator's payout profile. */
export { WalletSettingsPage } from './components/wallet-settings-page';
