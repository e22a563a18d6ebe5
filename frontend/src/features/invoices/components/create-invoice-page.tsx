import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { creatorSectionPath } from '@/config/paths';
import { formatMoney } from '@/utils/format-money';
import { useCreateInvoice, useReleasableMilestones, useSacCodes } from '../api/invoices-queries';

/** A GSTIN's shape (the server also checks its check character and answers 400 naming the field). */
const GSTIN = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;

const schema = z.object({
  milestone: z.string().min(1, 'Choose the released milestone to invoice'),
  sac: z.enum(['998361', '998365', '998397']),
  supplierAddress: z.string().trim().max(300, 'At most 300 characters'),
  recipientAddress: z.string().trim().max(300, 'At most 300 characters'),
  recipientGstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || GSTIN.test(value), 'Enter a 15-character GSTIN'),
});
type Values = z.input<typeof schema>;
type Submission = z.output<typeof schema>;

function serverFieldError(error: unknown, field: string): string | undefined {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return undefined;
  const errors = (error as { errors?: Record<string, string> }).errors;
  return errors?.[field];
}

/** /creator/invoices/create: the invoice of a released milestone that has none. */
export function CreateInvoicePage() {
  const navigate = useNavigate();
  const releasable = useReleasableMilestones();
  const sacCodes = useSacCodes();
  const create = useCreateInvoice();
  const [problem, setProblem] = useState<string | undefined>();
  const form = useForm<Values, unknown, Submission>({
    resolver: zodResolver(schema),
    defaultValues: {
      milestone: '',
      sac: '998361',
      supplierAddress: '',
      recipientAddress: '',
      recipientGstin: '',
    },
  });
  const { errors } = form.formState;
  const milestoneField = form.register('milestone');
  const gstinError =
    errors.recipientGstin?.message ?? serverFieldError(create.error, 'recipientGstin');

  return (
    <>
      <PageHeader
        title="Create invoice"
        description="Invoices are made for you when a milestone is released. Make one here for a released milestone that has none yet."
      />
      {releasable.error ? (
        <QueryProblem error={releasable.error} what="your released milestones" />
      ) : releasable.isPending ? (
        <LoadingIndicator label="Loading your released milestones…" />
      ) : releasable.data.length === 0 ? (
        <EmptyState title="Nothing to invoice">
          Every released milestone has its invoice. New ones are made when a milestone is released.
        </EmptyState>
      ) : (
        <form
          noValidate
          className="flex max-w-xl flex-col gap-4"
          onSubmit={(event) => {
            void form.handleSubmit(async (values) => {
              setProblem(undefined);
              const [dealId = '', milestoneId = ''] = values.milestone.split('/');
              try {
                await create.mutateAsync({
                  body: {
                    dealId,
                    milestoneId,
                    sac: values.sac,
                    ...(values.supplierAddress && { supplierAddress: values.supplierAddress }),
                    ...(values.recipientAddress && { recipientAddress: values.recipientAddress }),
                    ...(values.recipientGstin && { recipientGstin: values.recipientGstin }),
                  },
                });
                await navigate(creatorSectionPath('invoices'));
              } catch (error) {
                const message =
                  typeof error === 'object' && error !== null && 'message' in error
                    ? String(error.message)
                    : 'Please try again.';
                setProblem(message);
              }
            })(event);
          }}
        >
          <SelectField
            label="Released milestone"
            placeholder="Choose a milestone"
            options={releasable.data.map((milestone) => ({
              value: `${milestone.dealId}/${milestone.milestoneId}`,
              label: `${milestone.dealTitle} — ${milestone.milestoneName} (${formatMoney(milestone.amountPaise)})`,
            }))}
            error={errors.milestone?.message}
            {...milestoneField}
            onChange={(event) => {
              void milestoneField.onChange(event);
              // The brand's billing details from its acceptance are the defaults; editable.
              const chosen = releasable.data.find(
                ({ dealId, milestoneId }) => `${dealId}/${milestoneId}` === event.target.value,
              );
              form.setValue('recipientGstin', chosen?.brandGstin ?? '');
              form.setValue('recipientAddress', chosen?.brandAddress?.replace(/\n+/g, ', ') ?? '');
            }}
          />
          <SelectField
            label="SAC (service code)"
            placeholder="Choose a code"
            options={(
              sacCodes.data ?? [{ code: '998361', description: 'Advertising services' }]
            ).map(({ code, description }) => ({ value: code, label: `${code} — ${description}` }))}
            {...form.register('sac')}
          />
          <TextField
            label="Your address (optional)"
            autoComplete="street-address"
            error={errors.supplierAddress?.message}
            {...form.register('supplierAddress')}
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The brand&apos;s address and GSTIN are filled in from the billing details it gave when
            it accepted the deal; change them here if this invoice needs others.
          </p>
          <TextField
            label="Brand's address (optional)"
            error={errors.recipientAddress?.message}
            {...form.register('recipientAddress')}
          />
          <TextField
            label="Brand's GSTIN (optional)"
            autoCapitalize="characters"
            maxLength={15}
            error={gstinError}
            {...form.register('recipientGstin')}
          />
          {problem && !gstinError && (
            <p role="alert" className="text-red-800 dark:text-red-200">
              {problem}
            </p>
          )}
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Issue invoice
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
