import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useContractTemplate } from '../api/deals-queries';
import { PageHeader, QueryProblem } from './deal-parts';

/** /creator/contracts/templates: the contract every deal is written on, read-only. */
export function ContractTemplatePage() {
  const { data, error, isPending } = useContractTemplate();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Contract template"
        description="Every deal you send is written on this template, filled with the deal's parties, deliverables, milestones and amounts. It cannot be edited."
      />
      {error ? (
        <QueryProblem error={error} what="the contract template" />
      ) : isPending ? (
        <LoadingIndicator label="Loading the template…" />
      ) : (
        <section aria-labelledby="template-version" className="flex flex-col gap-3">
          <h2 id="template-version" className="text-lg font-semibold">
            Version {data.version}
          </h2>
          <pre
            tabIndex={0}
            aria-label={`Contract template, version ${data.version}`}
            className="max-h-[40rem] overflow-auto rounded-xl border border-slate-200 bg-white p-4 font-sans text-sm whitespace-pre-wrap text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
          >
            {data.text}
          </pre>
        </section>
      )}
    </div>
  );
}
