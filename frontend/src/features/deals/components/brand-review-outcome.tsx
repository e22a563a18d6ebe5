import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { BrandDecisionDto } from '@/api/generated/types.gen';
import type { BrandAnswer } from '../brand-answer';
import { BrandMoneySection } from './brand-money-section';

/** What the brand reads once its answer is recorded (and, once accepted, the deal's payments). */
export function BrandReviewOutcome({
  token,
  creatorName,
  decision,
  what,
}: {
  token: string;
  creatorName: string;
  decision: BrandDecisionDto;
  what: BrandAnswer;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const texts = {
    accepted: {
      title: 'Contract accepted',
      text: `Thank you. The contract with ${creatorName} is signed: we are e-mailing both of you the signed PDF, whose last page is the record of both acceptances.`,
    },
    changes: {
      title: 'Sent back for changes',
      text: `${creatorName} has your comment and can send you a new version. You will get a new link by e-mail.`,
    },
    declined: {
      title: 'Deal declined',
      text: `We have told ${creatorName} that you declined this deal.`,
    },
  }[what];
  return (
    <div className="flex flex-col gap-3" role="status">
      <h1
        ref={heading}
        tabIndex={-1}
        className="inline-flex items-center gap-2 text-2xl font-bold outline-none sm:text-3xl"
      >
        {what === 'accepted' && (
          <CheckCircle2
            aria-hidden="true"
            className="size-7 text-emerald-700 dark:text-emerald-300"
          />
        )}
        {texts.title}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{texts.text}</p>
      {decision.documentSha256 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Contract fingerprint (SHA-256):{' '}
          <code className="break-all">{decision.documentSha256}</code>
        </p>
      )}
      {what === 'accepted' && (
        <div className="mt-6">
          <BrandMoneySection token={token} checkoutReturn={null} />
        </div>
      )}
    </div>
  );
}
