import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { sumPaise } from '../../utils/format-money';
import type { DealFormValues, DealSubmission } from './deal-schema';

export type DealForm = UseFormReturn<DealFormValues, unknown, DealSubmission>;

export const INVALID_FORM_TOAST = 'Please fix the form errors and try again!';

/** What the API takes to create or edit a draft (the deal's terms; money in paise). */
export interface DealTermsBody {
  title: string;
  brief: string;
  campaign: string | null;
  brand: { companyName: string; contactName: string; contactEmail: string; contactMobile: string };
  deliverables: DealSubmission['deliverables'];
  milestones: {
    name: string;
    releaseCondition: string;
    amountPaise: number;
    dueDate: string;
  }[];
  totalPaise: number;
  approvalWindowDays: number;
  revisionRounds: number;
  gstApplies: boolean;
  gstin: string | null;
}

export function toDealTerms(values: DealSubmission): DealTermsBody {
  const milestones = values.milestones.map((milestone) => ({
    ...milestone,
    amountPaise: milestone.amountPaise ?? 0,
  }));
  return {
    title: values.title,
    brief: values.brief,
    campaign: values.campaign === '' ? null : values.campaign,
    brand: values.brand,
    deliverables: values.deliverables,
    milestones,
    totalPaise: sumPaise(milestones.map((milestone) => milestone.amountPaise)),
    approvalWindowDays: values.approvalWindowDays,
    revisionRounds: values.revisionRounds,
    gstApplies: values.gstApplies,
    gstin: values.gstApplies ? values.gstin : null,
  };
}

/** Field paths the server may name in its answer, mapped onto the form's fields. */
export function applyServerErrors(form: DealForm, errors: Record<string, string>): boolean {
  const known = Object.entries(errors).filter(([path]) => /^[a-zA-Z.0-9]+$/.test(path));
  for (const [path, message] of known) {
    form.setError(path as FieldPath<DealFormValues>, { type: 'server', message });
  }
  return known.length > 0;
}
