import * as z from 'zod';
import { useDeclineDeal } from '../api/deals-queries';
import type { Decided } from '../brand-answer';
import { DEAL_LIMITS } from '../deal-schema';
import { TextAnswerForm } from './brand-text-answer-form';

const declineSchema = z.object({
  text: z
    .string()
    .trim()
    .max(
      DEAL_LIMITS.comment,
      `The reason must be at most ${String(DEAL_LIMITS.comment)} characters`,
    ),
});

/** Declining the deal, with an optional reason. */
export function BrandDeclineForm({ token, onDone }: { token: string; onDone: Decided }) {
  const decline = useDeclineDeal();
  return (
    <TextAnswerForm
      schema={declineSchema}
      label="Reason (optional)"
      send={(reason) => decline.mutateAsync({ body: { token, ...(reason && { reason }) } })}
      onSent={(decision) => {
        onDone(decision, 'declined');
      }}
      submit={{ variant: 'danger', label: 'Decline the deal', pendingLabel: 'Declining…' }}
    />
  );
}
