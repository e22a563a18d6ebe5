import { PageHeader } from '@/components/ui/page-header';
import { LedgerExtractSection } from './ledger-extract-section';
import { StatementSection } from './statement-section';

/** /creator/dashboard/reports: the financial-year statement and the ledger extract (#40). */
export function ReportsPage({ now }: { now?: Date }) {
  return (
    <>
      <PageHeader
        title="Reports"
        description="Your statement for tax time and your ledger for any range of days, to download as CSV or PDF."
      />
      <StatementSection {...(now && { now })} />
      <LedgerExtractSection {...(now && { now })} />
    </>
  );
}
