import { Link, useNavigate, useParams } from 'react-router';
import type { DealDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { dealPath, dealPaths } from '../deal-paths';
import { isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { termsRequest, useCreateDeal, useDeal, useUpdateDeal } from '../api/deals-queries';
import { emptyDealForm, type DealFormValues } from '../deal-schema';
import { applyServerErrors, type DealForm as Form } from '../deal-terms';
import { DealForm } from './deal-form';
import { PageHeader, TEXT_LINK } from './deal-parts';

/** Shows the server's refusal: field by field when it names fields, else as a toast. */
function showFailure(form: Form, error: unknown, fallback: string) {
  const fields =
    isErrorBody(error) && typeof error.errors === 'object' && error.errors !== null
      ? Object.fromEntries(
          Object.entries(error.errors).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  applyServerErrors(form, fields);
  notify.error(messageOf(error, fallback));
}

export function NewDealPage() {
  const create = useCreateDeal();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="New deal"
        description="Set out the collaboration: the brand, what you deliver, and the milestones that pay you. You can review it before sending it to the brand."
      />
      <DealForm
        defaultValues={emptyDealForm}
        submitLabel="Save draft"
        pendingLabel="Saving…"
        isPending={create.isPending}
        onSubmit={(terms, form) => {
          create.mutate(
            { body: termsRequest(terms) },
            {
              onSuccess: (deal) => {
                notify.success('Draft saved');
                void navigate(dealPath(deal.id));
              },
              onError: (error) => {
                showFailure(form, error, 'The deal could not be saved. Please try again.');
              },
            },
          );
        }}
        secondaryAction={
          <Link to={dealPaths.contracts} className={TEXT_LINK}>
            Cancel
          </Link>
        }
      />
    </div>
  );
}

const formValuesOf = (deal: DealDto): DealFormValues => ({
  title: deal.title,
  brief: deal.brief,
  campaign: deal.campaign ?? '',
  brand: { ...deal.brand },
  deliverables: deal.deliverables.map((item) => ({ ...item })),
  milestones: deal.milestones.map((item) => ({
    name: item.name,
    releaseCondition: item.releaseCondition,
    amountPaise: item.amountPaise,
    dueDate: item.dueDate,
  })),
  approvalWindowDays: deal.approvalWindowDays,
  revisionRounds: deal.revisionRounds,
  gstApplies: deal.gstApplies,
  gstin: deal.gstin ?? '',
});

export function EditDealPage() {
  const { dealId = '' } = useParams();
  const { data: deal, isPending, error } = useDeal(dealId);
  const update = useUpdateDeal();
  const navigate = useNavigate();
  if (isPending) return <LoadingIndicator label="Loading the deal…" />;
  if (error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Deal not found</h1>
        <Link to={dealPaths.contracts} className={TEXT_LINK}>
          Back to your contracts
        </Link>
      </div>
    );
  }
  if (!deal.allowedActions.includes('edit')) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">This deal can no longer be edited</h1>
        <p>Only a draft, or a deal the brand sent back for changes, can be edited.</p>
        <Link to={dealPath(deal.id)} className={TEXT_LINK}>
          Back to the deal
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Edit: ${deal.title}`}
        description={
          deal.state === 'changes_requested'
            ? 'The brand asked for changes. Saving makes this a draft of the next version, to send again.'
            : 'Change the draft before you send it to the brand.'
        }
      />
      <DealForm
        defaultValues={formValuesOf(deal)}
        submitLabel="Save draft"
        pendingLabel="Saving…"
        isPending={update.isPending}
        onSubmit={(terms, form) => {
          update.mutate(
            { path: { dealId: deal.id }, body: termsRequest(terms) },
            {
              onSuccess: () => {
                notify.success('Draft saved');
                void navigate(dealPath(deal.id));
              },
              onError: (failure) => {
                showFailure(form, failure, 'The deal could not be saved. Please try again.');
              },
            },
          );
        }}
        secondaryAction={
          <Link to={dealPath(deal.id)} className={TEXT_LINK}>
            Cancel
          </Link>
        }
      />
    </div>
  );
}
