import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { BrandDecisionDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { failed } from '../brand-answer';
import { DEAL_LIMITS } from '../deal-schema';
import { CommentField } from './brand-comment-field';

/** An answer that carries a text (the changes wanted, a reason to decline): one field, one button. */
export function TextAnswerForm({
  schema,
  label,
  send,
  onSent,
  submit,
}: {
  schema: z.ZodObject<{ text: z.ZodString }>;
  label: string;
  /** Sends the trimmed text; resolves to the deal's new state. */
  send: (text: string) => Promise<BrandDecisionDto>;
  onSent: (decision: BrandDecisionDto) => void;
  submit: { variant: 'secondary' | 'danger'; label: string; pendingLabel: string };
}) {
  const [pending, setPending] = useState(false);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { text: '' },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit(async ({ text }) => {
          setPending(true);
          try {
            onSent(await send(text));
          } catch (error) {
            failed(error);
          } finally {
            setPending(false);
          }
        })(event);
      }}
    >
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <CommentField
          label={label}
          maxLength={DEAL_LIMITS.comment}
          error={form.formState.errors.text?.message}
          {...form.register('text')}
        />
        <Button
          type="submit"
          variant={submit.variant}
          className="self-start"
          pending={pending}
          pendingLabel={submit.pendingLabel}
        >
          {submit.label}
        </Button>
      </fieldset>
    </form>
  );
}
