import { useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { DEAL_LIMITS } from '../deal-schema';
import type { DealForm as Form } from '../deal-terms';
import { Section, TextAreaField } from './deal-form-parts';

/** Who the deal is with: the brand and the person the deal is mailed to. */
export function BrandSection({ form }: { form: Form }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
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
  );
}

/** What the collaboration is: its title, brief and campaign. */
export function CollaborationSection({ form }: { form: Form }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
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

/** How the brand approves and pays: the approval window, rounds of changes and GST. */
export function PaymentTermsSection({ form }: { form: Form }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
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
  );
}
