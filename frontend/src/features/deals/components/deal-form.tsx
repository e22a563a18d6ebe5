import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import type { DealFormValues } from '../deal-schema';
import {
  INVALID_FORM_TOAST,
  toDealTerms,
  type DealForm as Form,
  type DealTermsBody,
} from '../deal-terms';
import { useDealForm } from '../hooks/use-deal-form';
import { BrandSection, CollaborationSection, PaymentTermsSection } from './deal-form-sections';
import { Deliverables, Milestones } from './deal-form-rows';

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
  const form = useDealForm(defaultValues);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(
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
        <BrandSection form={form} />
        <CollaborationSection form={form} />
        <Deliverables form={form} />
        <Milestones form={form} />
        <PaymentTermsSection form={form} />
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
