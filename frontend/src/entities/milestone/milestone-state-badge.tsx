import {
  milestoneStateLabels,
  milestoneStateTones,
  type MilestoneMoneyState,
} from './milestone-states';
import { StatusBadge } from '@/components/ui/status-badge';

export type { MilestoneMoneyState } from './milestone-states';

/** One milestone's money state as a status pill, the same on every screen that shows one. */
export function MilestoneStateBadge({ state }: { state: MilestoneMoneyState }) {
  return <StatusBadge tone={milestoneStateTones[state]}>{milestoneStateLabels[state]}</StatusBadge>;
}
