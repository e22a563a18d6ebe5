import { istTime, timelineOf } from '../milestone-timeline';
import type { HistoryEntryDto } from '@/api/generated/types.gen';

/** A milestone's history on the deal page: each move with its time in IST, oldest first. */
export function MilestoneTimeline({
  history,
  milestoneId,
  milestoneName,
}: {
  history: readonly HistoryEntryDto[];
  milestoneId: string;
  milestoneName: string;
}) {
  const steps = timelineOf(history, milestoneId);
  if (steps.length === 0) return null;
  return (
    <details className="text-sm text-slate-700 dark:text-slate-300">
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">
        History ({steps.length})
      </summary>
      <ol aria-label={`History of ${milestoneName}`} className="mt-2 flex flex-col gap-1">
        {steps.map((step) => (
          <li key={`${step.at}:${step.label}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium text-slate-900 dark:text-white">{step.label}</span>
            <time dateTime={step.at}>{istTime(step.at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
