import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useDownloadPayoutData, useErasePayoutProfile } from '../api/payout-profile';
import { AlertText } from '@/components/ui/alert-text';

const SECONDARY_BUTTON =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';
const DANGER_BUTTON =
  'inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

const DELETE_FAILED = 'We could not delete your payout profile. Please try again.';

/**
 * "Your payout data": the creator's own download of everything the payout profile holds (PAN and
 * account number in full, only here) and the deletion of the profile, behind a confirmation. A
 * refusal (money still held or on its way) is shown as the API words it.
 */
export function PayoutDataSection({ hasProfile }: { hasProfile: boolean }) {
  const download = useDownloadPayoutData();
  const erase = useErasePayoutProfile();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Once the profile is deleted its button is gone: focus moves to this section's heading.
  const erased = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="payout-data" className="flex flex-col gap-3">
      <h2 id="payout-data" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Your payout data
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Download everything Paylock holds in your payout profile as a JSON file. Your PAN and bank
        account number are in full in this file (it is your own data), so keep it safe. Deleting the
        profile erases your legal name, PAN, bank account, UPI ID and GSTIN; you will need a new
        verified profile before you can send a deal. Payment records and invoices of your deals are
        kept as the law requires.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={download.isPending}
          onClick={() => {
            download.mutate(undefined, {
              onSuccess: () => {
                notify.success('Your payout data was downloaded.');
              },
            });
          }}
        >
          {download.isPending ? 'Preparing…' : 'Download my payout data'}
        </button>
        {hasProfile && (
          <button
            type="button"
            className={DANGER_BUTTON}
            onClick={() => {
              setRefusal(null);
              setConfirming(true);
            }}
          >
            Delete payout profile
          </button>
        )}
      </div>
      {download.isError && <AlertText>{download.error.message}</AlertText>}
      {refusal && !confirming && <AlertText>{refusal}</AlertText>}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          if (!erased.current) return;
          erased.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
        title="Delete your payout profile?"
        description="Your legal name, PAN, bank account, UPI ID and GSTIN are erased at once. This cannot be undone, and you cannot send deals until you add a new profile and Razorpay verifies it."
      >
        {refusal && <AlertText>{refusal}</AlertText>}
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={DANGER_BUTTON}
            disabled={erase.isPending}
            onClick={() => {
              erase.mutate(
                {},
                {
                  onSuccess: () => {
                    erased.current = true;
                    setConfirming(false);
                    notify.success('Your payout profile was deleted.');
                  },
                  onError: (error) => {
                    setRefusal(messageOf(error, DELETE_FAILED));
                  },
                },
              );
            }}
          >
            {erase.isPending ? 'Deleting…' : 'Yes, delete it'}
          </button>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => {
              setConfirming(false);
            }}
          >
            Cancel
          </button>
        </div>
      </Modal>
    </section>
  );
}
