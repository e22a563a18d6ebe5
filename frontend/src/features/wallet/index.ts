// The creator's wallet screens: one chunk, loaded when first opened (its chart in another).
export { WalletRoutes } from './components/wallet-routes';
