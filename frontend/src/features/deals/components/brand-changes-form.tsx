import * as z from 'zod';
import { useRequestDealChanges } from '../api/deals-queries';
import type { Decided } from '../brand-answer';
import { DEAL_LIMITS } from '../deal-schema';
import { TextAnswerForm } from './brand-text-answer-form';

const changesSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Say what should change')
    .max(
      DEAL_LIMITS.comment,
      `Your comment must be at most ${String(DEAL_LIMITS.comment)} characters`,
    ),
});

/** Sending the deal back to the creator with what should change (a comment is required). */
export function BrandChangesForm({ token, onDone }: { token: string; onDone: Decided }) {
  const requestChanges = useRequestDealChanges();
  return (
    <TextAnswerForm
      schema={changesSchema}
      label="What should change?"
      send={(comment) => requestChanges.mutateAsync({ body: { token, comment } })}
      onSent={(decision) => {
        onDone(decision, 'changes');
      }}
      submit={{ variant: 'secondary', label: 'Send back for changes', pendingLabel: 'Sending…' }}
    />
  );
}
