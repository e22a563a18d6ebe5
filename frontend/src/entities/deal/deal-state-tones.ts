import type { DealDto } from '@/api/generated/types.gen';
import type { StatusTone } from '@/components/ui/status-badge';

/**
 * How a deal's state is coloured wherever deals are listed: the creator's and the brand's screens
 * name the states each from their own side, but colour them alike.
 */
export const dealStateTones: Record<DealDto['state'], StatusTone> = {
  draft: 'neutral',
  sent: 'info',
  changes_requested: 'warning',
  accepted: 'success',
  declined: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
  completed: 'success',
};
