import { useMutation } from '@tanstack/react-query';
import { joinWaitlistMutation } from '@/api/generated/@tanstack/react-query.gen';

/**
 * Joining the waitlist: the entry is stored awaiting its e-mail's confirmation (the seat, and the
 * live count, change only when the e-mailed link is opened: see useConfirmWaitlistPlace).
 */
export function useJoinWaitlist() {
  return useMutation(joinWaitlistMutation());
}
