import type { NoticeSendDto } from '@/api/generated/types.gen';
import { istTime } from '../milestone-timeline';
import { sendLinesOf, type SendsViewer } from '../notice-sends';

/**
 * What Paylock sent about a milestone (#39): each notice, to whom, by which channel, when (IST)
 * and whether it went (from the outboxes' reports: queued, sent, failed and retrying, failed).
 */
export function MilestoneSends({
  sends,
  milestoneId,
  milestoneName,
  viewer,
}: {
  sends: readonly NoticeSendDto[];
  milestoneId: string;
  milestoneName: string;
  viewer: SendsViewer;
}) {
  const lines = sendLinesOf(sends, milestoneId, viewer);
  if (lines.length === 0) return null;
  return (
    <details className="text-sm text-slate-700 dark:text-slate-300">
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">
        Sent by Paylock ({lines.length})
      </summary>
      <ol
        aria-label={`Sent by Paylock about ${milestoneName}`}
        className="mt-2 flex flex-col gap-1"
      >
        {lines.map((line) => (
          <li key={line.key} className="flex flex-wrap gap-x-2">
            <span className="font-medium text-slate-900 dark:text-white">{line.title}</span>
            <span>{line.how}</span>
            <span
              className={
                line.failed
                  ? 'font-semibold text-red-700 dark:text-red-300'
                  : 'text-slate-700 dark:text-slate-300'
              }
            >
              · {line.status}
            </span>
            <time dateTime={line.at}>{istTime(line.at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
