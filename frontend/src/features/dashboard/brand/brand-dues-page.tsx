import { useQuery } from '@tanstack/react-query';
import { getBrandDuesOptions } from '@/api/generated/@tanstack/react-query.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { formatMoney } from '@/utils/format-money';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * /brand/owed, the brand workspace's mirror of the creator's insights (#40): what it owes and when
 * (funding due, approvals due with their automatic approval dates), and what it paid each creator.
 */
export function BrandDuesPage() {
  const { data, error, isPending } = useQuery(getBrandDuesOptions());
  return (
    <>
      <PageHeader
        title="What we owe"
        description="Over the deals you accepted from this workspace: what to fund, what to approve and by when."
      />
      <div className="flex flex-col gap-4">
        {error ? (
          <QueryProblem error={error} what="what you owe" />
        ) : isPending ? (
          <LoadingIndicator label="Loading what you owe…" />
        ) : data.dues.length === 0 && data.paid.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Nothing is due: deals you accept from this workspace show their funding and approvals
            here.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-800 dark:text-slate-200">
              Funding due now: <strong>{formatMoney(data.fundingDuePaise)}</strong>. Work awaiting
              your approval: <strong>{formatMoney(data.approvalsDuePaise)}</strong>.
            </p>
            {data.dues.length > 0 && (
              <table className="w-full text-sm text-slate-800 dark:text-slate-200">
                <caption className="sr-only">Funding and approvals due</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col" className="py-1 font-medium">
                      Milestone
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Due
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.dues.map((due) => (
                    <tr
                      key={`${due.kind}:${due.milestoneId}`}
                      className="border-t border-slate-200 dark:border-slate-700"
                    >
                      <th scope="row" className="py-1 text-left font-normal">
                        {due.title}
                      </th>
                      <td className="py-1">
                        {due.kind === 'funding'
                          ? 'Funding due now'
                          : `Approval due; approved automatically ${
                              due.autoApprovesAt
                                ? dateTime.format(new Date(due.autoApprovesAt))
                                : 'when the window ends'
                            }`}
                      </td>
                      <td className="py-1 text-right">{formatMoney(due.amountPaise)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {data.paid.length > 0 && (
              <table className="w-full text-sm text-slate-800 dark:text-slate-200">
                <caption className="text-left font-medium">Paid per creator</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col" className="py-1 font-medium">
                      Creator
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Milestones
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Released to them
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.paid.map((creator) => (
                    <tr
                      key={creator.creatorName}
                      className="border-t border-slate-200 dark:border-slate-700"
                    >
                      <th scope="row" className="py-1 text-left font-normal">
                        {creator.creatorName || 'Creator'}
                      </th>
                      <td className="py-1 text-right">{creator.milestones}</td>
                      <td className="py-1 text-right">{formatMoney(creator.paidPaise)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>
    </>
  );
}
