import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Decided } from '../brand-answer';
import { BrandAcceptForm } from './brand-accept-form';
import { BrandChangesForm } from './brand-changes-form';
import { BrandDeclineForm } from './brand-decline-form';

type Choice = 'accept' | 'changes' | 'decline';
const choices: readonly { id: Choice; label: string }[] = [
  { id: 'accept', label: 'Accept' },
  { id: 'changes', label: 'Request changes' },
  { id: 'decline', label: 'Decline' },
];

/** The brand's answer: a choice of accept, request changes or decline, each its own form. */
export function BrandDecision({ token, onDone }: { token: string; onDone: Decided }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  return (
    <section
      aria-labelledby="your-answer"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="your-answer" className="text-lg font-semibold">
        Your answer
      </h2>
      <div className="flex flex-wrap gap-3">
        {choices.map((option) => (
          <Button
            key={option.id}
            variant={choice === option.id ? 'primary' : 'secondary'}
            aria-expanded={choice === option.id}
            aria-controls={`answer-${option.id}`}
            onClick={() => {
              setChoice(option.id);
            }}
          >
            {option.label}
          </Button>
        ))}
      </div>
      <div id={`answer-${choice ?? 'none'}`}>
        {choice === 'accept' && <BrandAcceptForm token={token} onDone={onDone} />}
        {choice === 'changes' && <BrandChangesForm token={token} onDone={onDone} />}
        {choice === 'decline' && <BrandDeclineForm token={token} onDone={onDone} />}
      </div>
    </section>
  );
}
