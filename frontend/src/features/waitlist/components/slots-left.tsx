import { useQuery } from '@tanstack/react-query';
import { getWaitlistStatsOptions } from '@/api/generated/@tanstack/react-query.gen';
import { formatCount } from '@/utils/format-count';

const describeSlots = ({
  totalSlots,
  remainingSlots,
}: {
  totalSlots: number;
  remainingSlots: number;
}) =>
  remainingSlots > 0
    ? `${formatCount(remainingSlots)} of ${formatCount(totalSlots)} early-access slots left`
    : `All ${formatCount(totalSlots)} early-access slots are taken: join the waitlist to hear when more open`;

/** The live count of early-access slots; empty (same height) until the API answers. */
export function SlotsLeft() {
  const { data } = useQuery(getWaitlistStatsOptions());
  return (
    <p aria-live="polite" className="min-h-6 font-medium text-indigo-700 dark:text-indigo-300">
      {data ? describeSlots(data) : null}
    </p>
  );
}
