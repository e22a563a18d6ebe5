import type { BrandPartyDto, DeliverableDto, MilestoneDto } from '@/api/generated/types.gen';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { formatMoney } from '@/utils/format-money';
import { deliverableKindLabel, formatDay, platformLabel } from '../deal-model';

const MILESTONE_COLUMNS: ColumnDef<MilestoneDto>[] = [
  {
    id: 'name',
    header: 'Milestone',
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    meta: { wrap: true },
  },
  {
    id: 'releaseCondition',
    header: 'Released when',
    cell: ({ row }) => row.original.releaseCondition,
    meta: { wrap: true },
  },
  { id: 'dueDate', header: 'Due', cell: ({ row }) => formatDay(row.original.dueDate) },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => formatMoney(row.original.amountPaise),
    meta: { align: 'end' },
  },
];

/** The terms, as the creator's deal and the brand's review both carry them. */
interface DealTerms {
  brand: BrandPartyDto;
  deliverables: readonly DeliverableDto[];
  milestones: readonly MilestoneDto[];
  totalPaise: number;
  approvalWindowDays: number;
  brief: string;
  campaign: string | null;
}

/** A deal's terms as both sides read them: the parties, the work, the milestones and the money. */
export function DealTermsView({
  terms: { brand, deliverables, milestones, totalPaise, approvalWindowDays, brief, campaign },
  headingLevel = 2,
}: {
  terms: DealTerms;
  /** The heading level of the sections (2 on a page whose title is the h1). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingClass = 'text-lg font-semibold text-slate-900 dark:text-white';
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-2">
        <Heading className={headingClass}>The brand</Heading>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700 dark:text-slate-300">Company</dt>
          <dd>{brand.companyName}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Contact</dt>
          <dd>{brand.contactName}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">E-mail</dt>
          <dd className="break-all">{brand.contactEmail}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Mobile</dt>
          <dd>{brand.contactMobile}</dd>
          {brand.billing && (
            <>
              <dt className="font-medium text-slate-700 dark:text-slate-300">GSTIN</dt>
              <dd>{brand.billing.gstin ?? 'Not given'}</dd>
              <dt className="font-medium text-slate-700 dark:text-slate-300">Billing address</dt>
              <dd className="whitespace-pre-line">{brand.billing.address ?? 'Not given'}</dd>
            </>
          )}
          {campaign && (
            <>
              <dt className="font-medium text-slate-700 dark:text-slate-300">Campaign</dt>
              <dd>{campaign}</dd>
            </>
          )}
        </dl>
      </section>
      {brief && (
        <section className="flex flex-col gap-2">
          <Heading className={headingClass}>Brief</Heading>
          <p className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{brief}</p>
        </section>
      )}
      <section className="flex flex-col gap-2">
        <Heading className={headingClass}>Deliverables</Heading>
        <ul className="flex flex-col gap-2 text-sm">
          {deliverables.map((item, index) => (
            <li
              key={`${item.platform}-${item.kind}-${String(index)}`}
              className="rounded-xl border border-slate-200 p-3 dark:border-slate-800"
            >
              <p className="font-medium">
                {item.quantity} × {platformLabel(item.platform)} {deliverableKindLabel(item.kind)},
                due {formatDay(item.dueDate)}
              </p>
              <p className="text-slate-700 dark:text-slate-300">
                Usage: {item.usageRights} ({item.usagePeriodDays} days)
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="flex flex-col gap-2">
        <Heading className={headingClass}>Milestones</Heading>
        <DataTable
          caption="Milestones and what each pays"
          columns={MILESTONE_COLUMNS}
          rows={milestones}
          getRowId={(milestone) => milestone.id}
          emptyState={<p>No milestones.</p>}
          footer={
            <tr className="border-t border-slate-300 font-semibold dark:border-slate-700">
              <th scope="row" colSpan={3} className="px-3 py-2">
                Total
              </th>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(totalPaise)}</td>
            </tr>
          }
        />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Payment is secured with Razorpay. The brand has {approvalWindowDays}{' '}
          {approvalWindowDays === 1 ? 'day' : 'days'} to approve each delivered milestone.
        </p>
      </section>
    </div>
  );
}
