import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { dealSchema, type DealFormValues, type DealSubmission } from '../deal-schema';
import type { DealForm } from '../deal-terms';

/** The deal form's state: checked against the deal's rules on submit, then again as fields change. */
export function useDealForm(defaultValues: DealFormValues): DealForm {
  return useForm<DealFormValues, unknown, DealSubmission>({
    resolver: zodResolver(dealSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}
