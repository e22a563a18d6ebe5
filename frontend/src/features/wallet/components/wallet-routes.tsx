import { lazy, Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { TransactionsPage } from './transactions-page';
import { WalletPage } from './wallet-page';
import { WithdrawPage } from './withdraw-page';

// Wallet → Settings (the payout profile): a chunk of its own, loaded when first opened.
const WalletSettingsPage = lazy(async () => ({
  default: (await import('../settings')).WalletSettingsPage,
}));

/** /creator/wallet/*: the overview, the transactions, where payouts go and the payout profile. */
export function WalletRoutes() {
  return useRoutes([
    { index: true, element: <WalletPage /> },
    { path: 'transactions', element: <TransactionsPage /> },
    { path: 'withdraw', element: <WithdrawPage /> },
    {
      path: 'settings',
      element: (
        <Suspense fallback={null}>
          <WalletSettingsPage />
        </Suspense>
      ),
    },
    { path: '*', element: <Navigate to={paths.creatorDashboardOverview} replace /> },
  ]);
}
