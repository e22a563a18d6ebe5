import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { useRequestFunnel } from '../api/package-request-queries';

const STEPS = [
  ['received', 'Requests received'],
  ['dealsSent', 'Deals sent'],
  ['accepted', 'Accepted by the brand'],
  ['funded', 'Funded'],
] as const;

/** Requests received → deals sent → accepted → funded (the analytics page's second part). */
export function RequestFunnel() {
  const funnel = useRequestFunnel();
  if (funnel.isPending) return <LoadingIndicator label="Loading your requests…" />;
  if (funnel.isError) return <QueryProblem error={funnel.error} what="your requests" />;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="request-funnel">
      <h2 id="request-funnel" className="text-lg font-semibold">
        From requests to funded deals
      </h2>
      <ol className="grid gap-2 sm:grid-cols-4">
        {STEPS.map(([key, label]) => (
          <li
            key={key}
            className="flex flex-col rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <span className="text-2xl font-bold">{funnel.data[key]}</span>
            <span className="text-sm text-slate-700 dark:text-slate-300">{label}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
