import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { MoneyField } from '@/components/ui/money-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/lib/notify';
import { formatMoney, sumPaise } from '@/utils/format-money';
import {
  INVALID_FORM_TOAST,
  toDealTerms,
  type DealForm as Form,
  type DealTermsBody,
} from '../deal-terms';
import { deliverableKindOptions, platformOptions } from '../deal-model';
import {
  DEAL_LIMITS,
  dealSchema,
  emptyDeliverable,
  emptyMilestone,
  indianToday,
  type DealFormValues,
  type DealSubmission,
} from '../deal-schema';

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const SECONDARY_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

function TextAreaField({
  label,
  error,
  hint,
  ...props
}: ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(errorId, error)}
        {...(described && { 'aria-describedby': described })}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The milestone rows' sum, live as amounts are typed. */
function LiveTotal({ form }: { form: Form }) {
  const milestones = useWatch({ control: form.control, name: 'milestones' });
  const total = sumPaise(milestones.map((milestone) => milestone.amountPaise));
  return (
    <p className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800">
      <span className="font-medium text-slate-800 dark:text-slate-200">Deal total</span>
      <output aria-live="polite" className="text-xl font-bold text-slate-900 dark:text-white">
        {formatMoney(total)}
      </output>
    </p>
  );
}

/**
 * A section of numbered rows the user adds (up to `max`) and removes (down to one), each a
 * fieldset; the section's own error (e.g. "add at least one") above the rows.
 */
function RepeatedRows({
  title,
  noun,
  rows,
  max,
  onAdd,
  onRemove,
  errorId,
  error,
  removePlacement,
  intro,
  footer,
  renderRow,
}: {
  title: string;
  /** "deliverable": "Add deliverable", "Deliverable 2", "Remove deliverable 2". */
  noun: string;
  rows: readonly { id: string }[];
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  errorId: string;
  error: string | undefined;
  /** Classes of the remove button's cell in the row's grid. */
  removePlacement: string;
  intro?: ReactNode;
  footer?: ReactNode;
  renderRow: (index: number) => ReactNode;
}) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Section
      title={title}
      action={
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={rows.length >= max}
          onClick={onAdd}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add {noun}
        </button>
      }
    >
      {intro}
      <FieldError id={errorId} message={error} />
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={row.id}>
            <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
              <legend className="px-1 text-sm font-semibold">
                {capitalised} {index + 1}
              </legend>
              {renderRow(index)}
              {rows.length > 1 && (
                <div className={removePlacement}>
                  <button
                    type="button"
                    className={SECONDARY_BUTTON}
                    onClick={() => {
                      onRemove(index);
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove {noun} {index + 1}
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {footer}
    </Section>
  );
}

function Deliverables({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'deliverables' });
  const { errors } = form.formState;
  const error = (index: number, key: keyof DealFormValues['deliverables'][number]) =>
    errors.deliverables?.[index]?.[key]?.message;
  return (
    <RepeatedRows
      title="Deliverables"
      noun="deliverable"
      rows={fields}
      max={DEAL_LIMITS.maxDeliverables}
      onAdd={() => {
        append({ ...emptyDeliverable });
      }}
      onRemove={remove}
      errorId="deliverables-error"
      error={errors.deliverables?.root?.message ?? errors.deliverables?.message}
      removePlacement="sm:col-span-2"
      renderRow={(index) => (
        <>
          <SelectField
            label="Platform"
            placeholder="Choose a platform"
            options={platformOptions}
            error={error(index, 'platform')}
            {...form.register(`deliverables.${index}.platform`)}
          />
          <SelectField
            label="What you deliver"
            placeholder="Choose a kind"
            options={deliverableKindOptions}
            error={error(index, 'kind')}
            {...form.register(`deliverables.${index}.kind`)}
          />
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={DEAL_LIMITS.maxQuantity}
            error={error(index, 'quantity')}
            {...form.register(`deliverables.${index}.quantity`, { valueAsNumber: true })}
          />
          <TextField
            label="Due date"
            type="date"
            min={indianToday()}
            error={error(index, 'dueDate')}
            {...form.register(`deliverables.${index}.dueDate`)}
          />
          <TextField
            label="Usage rights"
            placeholder="Brand may repost on its own Instagram"
            maxLength={DEAL_LIMITS.usageRights}
            error={error(index, 'usageRights')}
            {...form.register(`deliverables.${index}.usageRights`)}
          />
          <TextField
            label="Usage period (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={DEAL_LIMITS.maxUsagePeriodDays}
            error={error(index, 'usagePeriodDays')}
            {...form.register(`deliverables.${index}.usagePeriodDays`, { valueAsNumber: true })}
          />
        </>
      )}
    />
  );
}

function Milestones({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'milestones' });
  const { errors } = form.formState;
  const error = (index: number, key: keyof DealFormValues['milestones'][number]) =>
    errors.milestones?.[index]?.[key]?.message;
  return (
    <RepeatedRows
      title="Milestones and payments"
      noun="milestone"
      rows={fields}
      max={DEAL_LIMITS.maxMilestones}
      onAdd={() => {
        append({ ...emptyMilestone });
      }}
      onRemove={remove}
      errorId="milestones-error"
      error={errors.milestones?.root?.message ?? errors.milestones?.message}
      removePlacement="self-end"
      intro={
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The brand pays each milestone when what releases it is done. Payment is secured with
          Razorpay.
        </p>
      }
      footer={<LiveTotal form={form} />}
      renderRow={(index) => (
        <>
          <TextField
            label="Milestone name"
            placeholder="Reel goes live"
            maxLength={DEAL_LIMITS.milestoneName}
            error={error(index, 'name')}
            {...form.register(`milestones.${index}.name`)}
          />
          <Controller
            control={form.control}
            name={`milestones.${index}.amountPaise`}
            render={({ field: amount, fieldState }) => (
              <MoneyField
                label="Amount (₹)"
                name={amount.name}
                ref={amount.ref}
                value={amount.value}
                onChange={amount.onChange}
                onBlur={amount.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="sm:col-span-2">
            <TextField
              label="What releases it"
              placeholder="The reel is live on Instagram for 24 hours"
              maxLength={DEAL_LIMITS.releaseCondition}
              error={error(index, 'releaseCondition')}
              {...form.register(`milestones.${index}.releaseCondition`)}
            />
          </div>
          <TextField
            label="Due date"
            type="date"
            min={indianToday()}
            error={error(index, 'dueDate')}
            {...form.register(`milestones.${index}.dueDate`)}
          />
        </>
      )}
    />
  );
}

function GstFields({ form }: { form: Form }) {
  const gstApplies = useWatch({ control: form.control, name: 'gstApplies' });
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-3">
      <label className="inline-flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-indigo-700"
          {...form.register('gstApplies')}
        />
        GST applies to this deal
      </label>
      {gstApplies && (
        <TextField
          label="Your GSTIN"
          placeholder="27ABCDE1234F1Z5"
          autoCapitalize="characters"
          maxLength={15}
          error={errors.gstin?.message}
          {...form.register('gstin')}
        />
      )}
    </div>
  );
}

interface DealFormProps {
  defaultValues: DealFormValues;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (terms: DealTermsBody, form: Form) => void;
  /** Below the submit button (e.g. a cancel link). */
  secondaryAction?: ReactNode;
}

/**
 * The deal's terms: the brand, the work, the milestones (adding up live to the total) and the
 * payment terms. Validated as typed rules on submit; the server's answer is shown field by field.
 */
export function DealForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  secondaryAction,
}: DealFormProps) {
  const form = useForm<DealFormValues, unknown, DealSubmission>({
    resolver: zodResolver(dealSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit } = form;
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void handleSubmit(
          (values) => {
            onSubmit(toDealTerms(values), form);
          },
          () => {
            notify.error(INVALID_FORM_TOAST);
          },
        )(event);
      }}
      className="flex flex-col gap-6"
    >
      <fieldset disabled={isPending} className="flex min-w-0 flex-col gap-6">
        <Section title="The brand">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Company name"
              autoComplete="organization"
              maxLength={DEAL_LIMITS.companyName}
              error={errors.brand?.companyName?.message}
              {...register('brand.companyName')}
            />
            <TextField
              label="Contact name"
              autoComplete="off"
              maxLength={DEAL_LIMITS.contactName}
              error={errors.brand?.contactName?.message}
              {...register('brand.contactName')}
            />
            <TextField
              label="Contact e-mail"
              type="email"
              autoComplete="off"
              error={errors.brand?.contactEmail?.message}
              {...register('brand.contactEmail')}
            />
            <TextField
              label="Contact mobile"
              type="tel"
              inputMode="numeric"
              placeholder="9XXXXXXXXX"
              autoComplete="off"
              error={errors.brand?.contactMobile?.message}
              {...register('brand.contactMobile')}
            />
          </div>
        </Section>
        <Section title="The collaboration">
          <TextField
            label="Title"
            placeholder="Diwali reel for Chai Point"
            maxLength={DEAL_LIMITS.title}
            error={errors.title?.message}
            {...register('title')}
          />
          <TextAreaField
            label="Brief"
            hint="What the brand asked for, in your words. Optional."
            maxLength={DEAL_LIMITS.brief}
            error={errors.brief?.message}
            {...register('brief')}
          />
          <TextField
            label="Campaign name (optional)"
            placeholder="Diwali 2026 launch"
            maxLength={DEAL_LIMITS.campaign}
            error={errors.campaign?.message}
            {...register('campaign')}
          />
        </Section>
        <Deliverables form={form} />
        <Milestones form={form} />
        <Section title="Payment terms">
          <TextField
            label="Approval window (days)"
            type="number"
            inputMode="numeric"
            min={DEAL_LIMITS.minApprovalWindowDays}
            max={DEAL_LIMITS.maxApprovalWindowDays}
            error={errors.approvalWindowDays?.message}
            {...register('approvalWindowDays', { valueAsNumber: true })}
          />
          <p className="-mt-2 text-sm text-slate-700 dark:text-slate-300">
            How long the brand has to approve a delivered milestone.
          </p>
          <TextField
            label="Rounds of changes"
            type="number"
            inputMode="numeric"
            min={DEAL_LIMITS.minRevisionRounds}
            max={DEAL_LIMITS.maxRevisionRounds}
            error={errors.revisionRounds?.message}
            {...register('revisionRounds', { valueAsNumber: true })}
          />
          <p className="-mt-2 text-sm text-slate-700 dark:text-slate-300">
            How many times the brand can ask you to change a delivery (0 to 5).
          </p>
          <GstFields form={form} />
        </Section>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" pending={isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
