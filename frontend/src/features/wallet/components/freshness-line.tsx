import { formatDateTime } from '@/utils/format-date-time';

/**
 * A small line when the wallet's figures lag the ledger (#38): they come from a read model kept
 * as the ledger is written, and the API says how many changes are not in them yet. Nothing when
 * they are current.
 */
export function FreshnessLine({
  asOf,
  pendingChanges,
}: {
  asOf?: string | null | undefined;
  pendingChanges?: number | undefined;
}) {
  if (!pendingChanges) return null;
  return (
    <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
      Updating: {pendingChanges} recent {pendingChanges === 1 ? 'movement is' : 'movements are'} not
      in these figures yet
      {asOf ? ` (figures as of ${formatDateTime(asOf)})` : ''}.
    </p>
  );
}
