import { Navigate, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { TransactionsPage } from './transactions-page';
import { WalletPage } from './wallet-page';
import { WithdrawPage } from './withdraw-page';

/** /creator/wallet/*: the overview, the transactions and where payouts go. */
export function WalletRoutes() {
  return useRoutes([
    { index: true, element: <WalletPage /> },
    { path: 'transactions', element: <TransactionsPage /> },
    { path: 'withdraw', element: <WithdrawPage /> },
    { path: '*', element: <Navigate to={paths.creatorDashboardOverview} replace /> },
  ]);
}
