import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes } from '@/components/ui/field-parts';
import { TextField } from '@/components/ui/text-field';
import { isErrorBody } from '@/lib/api-error';
import { useAcceptDeal } from '../api/deals-queries';
import { failed, type Decided } from '../brand-answer';
import { brandBillingFields, DEAL_LIMITS } from '../deal-schema';
import { CommentField } from './brand-comment-field';

const acceptSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Type your full name to sign')
    .max(
      DEAL_LIMITS.fullName,
      `Full name must be at most ${String(DEAL_LIMITS.fullName)} characters`,
    ),
  agreed: z.boolean().refine((agreed) => agreed, 'Tick the box to agree to the contract'),
  ...brandBillingFields,
});

/** The per-field messages of a 400 VALIDATION_FAILED answer. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isErrorBody(error) || error.code !== 'VALIDATION_FAILED') return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

/** Accepting: the typed-name signature, the optional billing details and the agreement box. */
export function BrandAcceptForm({ token, onDone }: { token: string; onDone: Decided }) {
  const accept = useAcceptDeal();
  const form = useForm<z.input<typeof acceptSchema>, unknown, z.output<typeof acceptSchema>>({
    resolver: zodResolver(acceptSchema),
    defaultValues: { fullName: '', agreed: false, gstin: '', billingAddress: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit(({ fullName, gstin, billingAddress }) => {
          accept.mutate(
            {
              body: {
                token,
                fullName,
                agreed: true,
                ...(gstin !== '' && { gstin }),
                ...(billingAddress !== '' && { billingAddress }),
              },
            },
            {
              onSuccess: (decision) => {
                onDone(decision, 'accepted');
              },
              onError: (error) => {
                const fieldErrors = fieldErrorsOf(error);
                for (const name of ['fullName', 'gstin', 'billingAddress'] as const) {
                  const message = fieldErrors[name];
                  if (message) form.setError(name, { type: 'server', message });
                }
                failed(error);
              },
            },
          );
        })(event);
      }}
    >
      <fieldset disabled={accept.isPending} className="flex flex-col gap-4">
        <TextField
          label="Your full name"
          autoComplete="name"
          maxLength={DEAL_LIMITS.fullName}
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          For the creator&apos;s invoices to your company: with your GSTIN they are GST tax invoices
          you can claim input tax credit on (your GSTIN&apos;s state decides CGST + SGST or IGST).
        </p>
        <TextField
          label="Your company's GSTIN (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={errors.gstin?.message}
          {...form.register('gstin')}
        />
        <CommentField
          label="Billing address (optional)"
          autoComplete="street-address"
          rows={3}
          maxLength={DEAL_LIMITS.billingAddress}
          error={errors.billingAddress?.message}
          {...form.register('billingAddress')}
        />
        <div className="flex flex-col gap-1">
          <label className="inline-flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-indigo-700"
              {...errorAttributes('review-agreed-error', errors.agreed?.message)}
              {...form.register('agreed')}
            />
            I agree to the contract above
          </label>
          <FieldError id="review-agreed-error" message={errors.agreed?.message} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Typing your name and accepting signs the contract electronically. We record your name, the
          time, your IP address and browser, and the contract&apos;s fingerprint (SHA-256), and
          e-mail both of you the signed PDF.
        </p>
        <Button
          type="submit"
          className="self-start"
          pending={accept.isPending}
          pendingLabel="Accepting…"
        >
          Accept and sign
        </Button>
      </fieldset>
    </form>
  );
}
