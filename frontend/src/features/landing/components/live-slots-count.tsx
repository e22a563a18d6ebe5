import { useQuery } from '@tanstack/react-query';
import { getWaitlistStatsOptions } from '@/api/generated/@tanstack/react-query.gen';
import { describeSlotsLeft, EARLY_ACCESS_SLOTS_TEXT } from './waitlist-slots-text';

/** The slots left, from the API; the static offer while it loads or when it cannot be reached. */
export function LiveSlotsCount() {
  const { data } = useQuery(getWaitlistStatsOptions());
  return (
    <>{data ? describeSlotsLeft(data.totalSlots, data.remainingSlots) : EARLY_ACCESS_SLOTS_TEXT}</>
  );
}
