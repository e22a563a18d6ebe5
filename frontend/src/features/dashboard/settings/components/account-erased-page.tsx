import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { ErasureReceiptDto } from '@/api/generated/types.gen';
import { PageLayout } from '@/components/layouts/page-layout';
import { paths } from '@/config/paths';
import { endSession } from '@/lib/auth/session';
import { KeptRecords } from './kept-records';

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

function receiptOf(state: unknown): ErasureReceiptDto | undefined {
  const receipt = (state as { receipt?: ErasureReceiptDto } | null)?.receipt;
  return receipt && Array.isArray(receipt.kept) ? receipt : undefined;
}

/**
 * /account/erased: after "Erase my account", what was kept, why and until when (the receipt the
 * server answered; it was also mailed to the account's address before the address was erased).
 */
export function AccountErasedPage() {
  const receipt = receiptOf(useLocation().state);
  // The server ended every session of the account; this browser forgets its own here (a guarded
  // page would have sent it to sign in before the receipt could be shown).
  useEffect(() => {
    endSession(true);
  }, []);
  return (
    <PageLayout title="Your account was erased">
      <p>
        You are signed out everywhere and will get no more notices from Paylock. You can open a new
        account at any time; it starts empty.
      </p>
      {receipt ? (
        <>
          <h2 className="text-lg font-semibold">What Paylock keeps, why and until when</h2>
          <KeptRecords kept={receipt.kept} />
        </>
      ) : (
        <p>What Paylock keeps, why and until when was e-mailed to your account’s address.</p>
      )}
      <p>
        How Paylock handles data is in the{' '}
        <Link to={paths.privacy} className={linkClass}>
          privacy notice
        </Link>
        .
      </p>
    </PageLayout>
  );
}
