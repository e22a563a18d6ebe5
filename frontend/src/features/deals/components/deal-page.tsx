import { Pencil, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AcceptanceRecordDto, DealDto, HistoryEntryDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { dealPaths, editDealPath } from '../deal-paths';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  useCancelDeal,
  useDeal,
  useDealContract,
  useDownloadDealPdf,
  useSendDeal,
} from '../api/deals-queries';
import { dealStateLabels, partyLabels, type DealState } from '../deal-model';
import { ContractPreview } from './contract-preview';
import { ContractSection } from './contract-section';
import {
  DealStateBadge,
  PRIMARY_LINK,
  QueryProblem,
  SECONDARY_BUTTON,
  TEXT_LINK,
} from './deal-parts';
import { milestoneActionLabels } from '../milestone-money';
import { CreatorCancellationSection } from './creator-cancellation-section';
import { CreatorMilestones } from './creator-milestones';
import { DealTermsView } from './deal-terms-view';

/** How the brand proved itself when it accepted: the e-mailed link, or its brand workspace. */
function provenBy(record: AcceptanceRecordDto): string {
  if (record.channel === 'account') {
    return `from its Paylock brand workspace (verified mobile ${record.mobile ?? ''})`;
  }
  return record.email
    ? `through the link e-mailed to ${record.email}`
    : 'through the e-mailed link';
}

function historyLine(entry: HistoryEntryDto, deal: DealDto): string {
  const who = partyLabels[entry.by];
  if (entry.brandParty) {
    return `${who}: the deal's payments moved to the brand's workspace (claimed through the link e-mailed to the address that accepted)`;
  }
  if (entry.cancellation) {
    const whose = entry.cancellation.proposedBy === 'creator' ? 'your' : 'the brand’s';
    return {
      propose: `${who} proposed to cancel the deal`,
      withdraw: `${who} withdrew the proposal to cancel`,
      agree: `${who} agreed to ${whose} proposal: the deal is cancelled`,
      decline: `${who} declined ${whose} proposal to cancel`,
    }[entry.cancellation.action];
  }
  if (entry.milestone) {
    const { id, action } = entry.milestone;
    const name = deal.milestones.find((milestone) => milestone.id === id)?.name ?? 'A milestone';
    return `${who}: “${name}” ${milestoneActionLabels[action] ?? action}`;
  }
  // The first entry of a deal comes from no state: openapi.yaml does not yet say `from` is nullable.
  const from = entry.from as DealState | null;
  if (from === null) return `${who} created version ${String(entry.version)} as a draft`;
  return `${who}: ${dealStateLabels[from]} → ${dealStateLabels[entry.to]}`;
}

function History({ deal }: { deal: DealDto }) {
  return (
    <section aria-labelledby="deal-history" className="flex flex-col gap-3">
      <h2 id="deal-history" className="text-lg font-semibold">
        History
      </h2>
      <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm dark:border-slate-700">
        {deal.history.map((entry) => (
          <li
            key={`${entry.at}-${entry.to}-${entry.milestone?.id ?? ''}-${entry.milestone?.action ?? ''}`}
          >
            <p className="font-medium">{historyLine(entry, deal)}</p>
            <p className="text-slate-700 dark:text-slate-300">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.note && (
              <blockquote className="mt-1 rounded-lg bg-slate-50 p-2 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {entry.note}
              </blockquote>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Contract({ deal }: { deal: DealDto }) {
  const contract = useDealContract(deal.id);
  const download = useDownloadDealPdf();
  const current = deal.contracts.find((version) => version.version === deal.version);
  return (
    <ContractSection
      headingId="deal-contract"
      title="Contract"
      download={download}
      downloadKey={deal.id}
    >
      {contract.error ? (
        <QueryProblem error={contract.error} what="the contract" />
      ) : !contract.data ? (
        <LoadingIndicator label="Loading the contract…" />
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {contract.data.preview
              ? 'A preview: the contract is fixed when you send the deal.'
              : `Version ${String(contract.data.version)}, template ${contract.data.templateVersion}.`}
            {contract.data.sha256 && (
              <>
                {' '}
                SHA-256: <code className="break-all">{contract.data.sha256}</code>
              </>
            )}
          </p>
          <ContractPreview html={contract.data.html} title={`Contract for ${deal.title}`} />
        </>
      )}
      {current && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="font-medium text-slate-700 dark:text-slate-300">You accepted</dt>
          <dd>
            {current.creatorAcceptance.fullName}, {formatDateTime(current.creatorAcceptance.at)}
          </dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">The brand accepted</dt>
          <dd>
            {current.brandAcceptance
              ? `${current.brandAcceptance.fullName}, ${formatDateTime(current.brandAcceptance.at)}, ${provenBy(current.brandAcceptance)}`
              : 'Not yet'}
          </dd>
        </dl>
      )}
    </ContractSection>
  );
}

function Actions({ deal }: { deal: DealDto }) {
  const send = useSendDeal();
  const cancel = useCancelDeal();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const can = (action: DealDto['allowedActions'][number]) => deal.allowedActions.includes(action);
  const busy = send.isPending || cancel.isPending;
  const failed = (fallback: string) => (error: unknown) => {
    notify.error(messageOf(error, fallback));
  };
  if (!can('edit') && !can('send') && !can('cancel')) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {can('edit') && (
          <Link to={editDealPath(deal.id)} className={SECONDARY_BUTTON}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit draft
          </Link>
        )}
        {can('send') && (
          <button
            type="button"
            className={PRIMARY_LINK}
            disabled={busy}
            onClick={() => {
              send.mutate(
                { path: { dealId: deal.id } },
                {
                  onSuccess: () => {
                    notify.success(`Sent to ${deal.brand.contactName} for review`);
                  },
                  onError: failed('The deal could not be sent. Please try again.'),
                },
              );
            }}
          >
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? 'Sending…' : 'Send to the brand'}
          </button>
        )}
        {can('cancel') && !confirmingCancel && (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={busy}
            onClick={() => {
              setConfirmingCancel(true);
            }}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Cancel deal
          </button>
        )}
      </div>
      {can('send') && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Sending fixes the contract, records your acceptance and e-mails {deal.brand.contactName} a
          link to review it.
        </p>
      )}
      {confirmingCancel && (
        <div
          role="group"
          aria-labelledby="cancel-question"
          className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950"
        >
          <p id="cancel-question" className="font-medium text-red-900 dark:text-red-100">
            Cancel this deal? {deal.state === 'sent' ? 'The brand’s link stops working. ' : ''}This
            cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              onClick={() => {
                cancel.mutate(
                  { path: { dealId: deal.id } },
                  {
                    onSuccess: () => {
                      setConfirmingCancel(false);
                      notify.success('Deal cancelled');
                    },
                    onError: failed('The deal could not be cancelled. Please try again.'),
                  },
                );
              }}
            >
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the deal'}
            </button>
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => {
                setConfirmingCancel(false);
              }}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * One deal: its state, what to do next, its terms, contract and history. A notice's link opens it
 * at a milestone (`?milestone=<id>`), which is brought into view and focused.
 */
export function DealPage() {
  const { dealId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { data: deal, error, isPending } = useDeal(dealId);
  if (isPending) return <LoadingIndicator label="Loading the deal…" />;
  if (error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Deal not found</h1>
        <p>This deal does not exist, or it is not yours.</p>
        <Link to={dealPaths.contracts} className={TEXT_LINK}>
          Back to your contracts
        </Link>
      </div>
    );
  }
  const cancellationFirst = deal.cancellation !== null || deal.cancelledByAgreement !== null;
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link to={dealPaths.contracts} className={`${TEXT_LINK} text-sm`}>
          ← All contracts
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{deal.title}</h1>
          <DealStateBadge state={deal.state} />
        </div>
        <p className="text-slate-700 dark:text-slate-300">
          With {deal.brand.companyName} · {formatMoney(deal.totalPaise)} · version {deal.version}
          {deal.state === 'sent' && deal.linkExpiresAt
            ? ` · the brand's link works until ${formatDateTime(deal.linkExpiresAt)}`
            : ''}
        </p>
        {deal.lastError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {deal.lastError.message}
          </p>
        )}
        <Actions deal={deal} />
      </header>
      {/* An open proposal or an agreed cancellation comes first; the offer to propose, after. */}
      {cancellationFirst && <CreatorCancellationSection deal={deal} />}
      {(deal.state === 'accepted' ||
        deal.state === 'completed' ||
        deal.cancelledByAgreement !== null) && (
        <CreatorMilestones deal={deal} openAt={searchParams.get('milestone')} />
      )}
      {!cancellationFirst && <CreatorCancellationSection deal={deal} />}
      <DealTermsView terms={deal} />
      <Contract deal={deal} />
      <History deal={deal} />
    </article>
  );
}
