import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import type { BrandDecisionDto, BrandReviewDto } from '@/api/generated/types.gen';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { TextField } from '@/components/ui/text-field';
import { brand as product } from '@/config/brand';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  useAcceptDeal,
  useDeclineDeal,
  useDownloadReviewedPdf,
  useOpenDealReview,
  useRequestDealChanges,
} from '../api/deals-queries';
import { brandBillingFields, DEAL_LIMITS } from '../deal-schema';
import { useBrandMilestones } from '../api/money-queries';
import { useReviewToken } from '../hooks/use-review-token';
import { BrandMoneySection, FreshLinkOffer, MONEY_LINK_EXPIRED } from './brand-money-section';
import { ContractPreview } from './contract-preview';
import { ContractSection } from './contract-section';
import { DealTermsView } from './deal-terms-view';

/** What the brand reads when the link cannot open the deal, by the API's error code. */
const linkProblems: Record<string, { title: string; text: string }> = {
  DEAL_LINK_EXPIRED: {
    title: 'This link has expired',
    text: 'The time to review this deal has run out. Ask the creator to send it again.',
  },
  DEAL_LINK_CLOSED: {
    title: 'This deal has already been answered',
    text: 'The deal was accepted, declined, sent back for changes or cancelled, so this link no longer opens it. If the creator sends a new version, you will get a new link by e-mail.',
  },
  DEAL_LINK_INVALID: {
    title: 'This link does not work',
    text: 'It may be incomplete or mistyped. Open the link from the e-mail again, or ask the creator to send the deal again.',
  },
};
// A token the API refuses by its shape (a link cut short in the mail client) is an invalid link.
const problemOf = (error: unknown) =>
  linkProblems[
    errorCodeOf(error) === 'VALIDATION_FAILED' ? 'DEAL_LINK_INVALID' : (errorCodeOf(error) ?? '')
  ];

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="inline-flex items-center gap-2 text-lg font-bold">
          <BrandMark />
          {product.name}
        </p>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
    </div>
  );
}

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

const declineSchema = z.object({
  text: z
    .string()
    .trim()
    .max(
      DEAL_LIMITS.comment,
      `The reason must be at most ${String(DEAL_LIMITS.comment)} characters`,
    ),
});

function CommentField({
  label,
  error,
  hint,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string | undefined; hint?: string }) {
  const id = `review-${props.name ?? 'text'}`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      {hint && <p className="text-sm text-slate-700 dark:text-slate-300">{hint}</p>}
      <textarea
        id={id}
        rows={4}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(errorId, error)}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The per-field messages of a 400 VALIDATION_FAILED answer. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isErrorBody(error) || error.code !== 'VALIDATION_FAILED') return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

type Decided = (decision: BrandDecisionDto, what: 'accepted' | 'changes' | 'declined') => void;
const failed = (error: unknown) => {
  notify.error(messageOf(error, 'That did not work. Please try again.'));
};

function AcceptForm({ token, onDone }: { token: string; onDone: Decided }) {
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

/** An answer that carries a text (the changes wanted, a reason to decline): one field, one button. */
function TextAnswerForm({
  schema,
  label,
  send,
  onSent,
  submit,
}: {
  schema: typeof changesSchema | typeof declineSchema;
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

function ChangesForm({ token, onDone }: { token: string; onDone: Decided }) {
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

function DeclineForm({ token, onDone }: { token: string; onDone: Decided }) {
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

type Choice = 'accept' | 'changes' | 'decline';
const choices: readonly { id: Choice; label: string }[] = [
  { id: 'accept', label: 'Accept' },
  { id: 'changes', label: 'Request changes' },
  { id: 'decline', label: 'Decline' },
];

function Decision({ token, onDone }: { token: string; onDone: Decided }) {
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
        {choice === 'accept' && <AcceptForm token={token} onDone={onDone} />}
        {choice === 'changes' && <ChangesForm token={token} onDone={onDone} />}
        {choice === 'decline' && <DeclineForm token={token} onDone={onDone} />}
      </div>
    </section>
  );
}

function Review({ token, review }: { token: string; review: BrandReviewDto }) {
  const download = useDownloadReviewedPdf();
  const [done, setDone] = useState<{
    decision: BrandDecisionDto;
    what: 'accepted' | 'changes' | 'declined';
  } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);
  if (done) {
    const texts = {
      accepted: {
        title: 'Contract accepted',
        text: `Thank you. The contract with ${review.creatorName} is signed: we are e-mailing both of you the signed PDF, whose last page is the record of both acceptances.`,
      },
      changes: {
        title: 'Sent back for changes',
        text: `${review.creatorName} has your comment and can send you a new version. You will get a new link by e-mail.`,
      },
      declined: {
        title: 'Deal declined',
        text: `We have told ${review.creatorName} that you declined this deal.`,
      },
    }[done.what];
    return (
      <div className="flex flex-col gap-3" role="status">
        <h1
          ref={heading}
          tabIndex={-1}
          className="inline-flex items-center gap-2 text-2xl font-bold outline-none sm:text-3xl"
        >
          {done.what === 'accepted' && (
            <CheckCircle2
              aria-hidden="true"
              className="size-7 text-emerald-700 dark:text-emerald-300"
            />
          )}
          {texts.title}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">{texts.text}</p>
        {done.decision.documentSha256 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Contract fingerprint (SHA-256):{' '}
            <code className="break-all">{done.decision.documentSha256}</code>
          </p>
        )}
        {done.what === 'accepted' && (
          <div className="mt-6">
            <BrandMoneySection token={token} checkoutReturn={null} />
          </div>
        )}
      </div>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {review.creatorName} sent {review.brand.companyName} a deal to review
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{review.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {formatMoney(review.totalPaise)} in {review.milestones.length}{' '}
          {review.milestones.length === 1 ? 'milestone' : 'milestones'} · payment secured with
          Razorpay · this link works until {formatDateTime(review.linkExpiresAt)}
        </p>
      </div>
      <DealTermsView terms={review} />
      <ContractSection
        headingId="review-contract"
        title="The contract"
        download={download}
        downloadKey={token}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Version {review.contract.version}
          {review.contract.sha256 && (
            <>
              {' '}
              · SHA-256 <code className="break-all">{review.contract.sha256}</code>
            </>
          )}
        </p>
        <ContractPreview html={review.contract.html} title={`Contract: ${review.title}`} />
      </ContractSection>
      <Decision
        token={token}
        onDone={(decision, what) => {
          setDone({ decision, what });
        }}
      />
    </>
  );
}

/** Link problems that may still open the payments: the deal was accepted (an old link works). */
const ANSWERED = new Set(['DEAL_LINK_CLOSED', 'DEAL_LINK_EXPIRED']);

/**
 * A link whose deal was answered: when the deal is accepted, the brand's payments; otherwise the
 * reason the link does not open it.
 */
function PaymentsOrProblem({ token, error }: { token: string; error: unknown }) {
  const money = useBrandMilestones(token, null);
  if (money.data) return <BrandMoneySection token={token} checkoutReturn={null} headingLevel={1} />;
  if (!money.error) return <LoadingIndicator label="Opening the deal…" />;
  if (errorCodeOf(money.error) === MONEY_LINK_EXPIRED) return <FreshLinkOffer token={token} />;
  if (errorCodeOf(money.error) === 'NOT_THE_DEALS_BRAND') {
    return (
      <Notice title="This link cannot act on the deal's payments">
        {messageOf(money.error, 'Please try again in a moment.')}
      </Notice>
    );
  }
  const problem = problemOf(error);
  return (
    <Notice title={problem?.title ?? 'The deal could not be opened'}>
      {problem?.text ?? messageOf(error, 'Please try again in a moment.')}
    </Notice>
  );
}

/**
 * The brand's review page, opened from the e-mailed link (no account): the deal, its contract and
 * PDF, and the brand's answer: accept (a typed-name signature), request changes, or decline. Once
 * the deal is accepted the same link opens its payments (funding, approval, disputes), and the
 * hosted checkout comes back here.
 */
export function BrandReviewPage() {
  const token = useReviewToken();
  const open = useOpenDealReview();
  const opened = useRef(false);
  const { mutate } = open;
  useEffect(() => {
    if (token.status !== 'ready' || token.checkoutReturn || opened.current) return;
    opened.current = true;
    mutate({ body: { token: token.token } });
  }, [token, mutate]);

  useEffect(() => {
    document.title = `Review a deal · ${product.name}`;
  }, []);

  if (token.status === 'none') {
    return (
      <Frame>
        <Notice title="Open the link from your e-mail">
          This page shows a deal a creator sent you. Open it from the link in the e-mail from{' '}
          {product.name}.
        </Notice>
      </Frame>
    );
  }
  if (token.checkoutReturn) {
    return (
      <Frame>
        <BrandMoneySection
          token={token.token}
          checkoutReturn={token.checkoutReturn}
          headingLevel={1}
        />
      </Frame>
    );
  }
  if (open.error && ANSWERED.has(errorCodeOf(open.error) ?? '')) {
    return (
      <Frame>
        <PaymentsOrProblem token={token.token} error={open.error} />
      </Frame>
    );
  }
  if (open.error) {
    const problem = problemOf(open.error);
    return (
      <Frame>
        <Notice title={problem?.title ?? 'The deal could not be opened'}>
          {problem?.text ?? messageOf(open.error, 'Please try again in a moment.')}
        </Notice>
      </Frame>
    );
  }
  if (!open.data) {
    return (
      <Frame>
        <LoadingIndicator label="Opening the deal…" />
      </Frame>
    );
  }
  return (
    <Frame>
      <Review token={token.token} review={open.data} />
    </Frame>
  );
}
