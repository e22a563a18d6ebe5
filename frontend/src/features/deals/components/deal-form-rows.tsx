import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { MoneyField } from '@/components/ui/money-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { formatMoney, sumPaise } from '@/utils/format-money';
import { deliverableKindOptions, platformOptions } from '../deal-model';
import {
  DEAL_LIMITS,
  emptyDeliverable,
  emptyMilestone,
  indianToday,
  type DealFormValues,
} from '../deal-schema';
import type { DealForm as Form } from '../deal-terms';
import { RepeatedRows } from './deal-form-parts';

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

/** The work the brand gets: one row per deliverable. */
export function Deliverables({ form }: { form: Form }) {
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

/** The money: one row per milestone, its amounts adding up live to the deal's total. */
export function Milestones({ form }: { form: Form }) {
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
