import { Navigate, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { CreateInvoicePage } from './create-invoice-page';
import { InvoicesPage } from './invoices-page';

/** /creator/invoices/*: all, pending, paid, overdue and create. */
export function InvoiceRoutes() {
  return useRoutes([
    { index: true, element: <InvoicesPage view="all" /> },
    { path: 'pending', element: <InvoicesPage view="pending" /> },
    { path: 'paid', element: <InvoicesPage view="paid" /> },
    { path: 'overdue', element: <InvoicesPage view="overdue" /> },
    { path: 'create', element: <CreateInvoicePage /> },
    { path: '*', element: <Navigate to={paths.creatorDashboardOverview} replace /> },
  ]);
}
