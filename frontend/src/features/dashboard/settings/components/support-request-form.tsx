import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import type { SupportKind } from '@/api/generated/types.gen';
import { notify } from '@/lib/notify';
import { useCreateSupportRequest } from '../api/support';

const SUBJECT_MAX = 120;
const MESSAGE_MAX = 4000;

/** The words of each kind of form: a question for support, or a grievance (statutory times). */
const FORM_TEXTS: Record<
  SupportKind,
  { heading: string; messageLabel: string; submit: string; failed: string; sent: string }
> = {
  question: {
    heading: 'Ask our support team',
    messageLabel: 'Your question',
    submit: 'Send question',
    failed: 'We could not send your question. Please try again.',
    sent: 'Your question is with our support team',
  },
  grievance: {
    heading: 'File a grievance',
    messageLabel: 'Your grievance',
    submit: 'File grievance',
    failed: 'We could not file your grievance. Please try again.',
    sent: 'Your grievance is with our grievance officer; we resolve it within 15 days',
  },
};

type Fields = Partial<Record<'subject' | 'message', string>>;

function fieldMessagesOf(error: unknown): Fields | undefined {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return undefined;
  const { errors } = error;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const all = errors as Record<string, unknown>;
  const pick = (name: string) => (typeof all[name] === 'string' ? all[name] : undefined);
  return { subject: pick('subject'), message: pick('message') };
}

/** A deal the request may be about (its id and title). */
export interface SupportDealOption {
  readonly id: string;
  readonly title: string;
}

function DealSelect({
  id,
  deals,
  value,
  onChange,
}: {
  id: string;
  deals: readonly SupportDealOption[];
  value: string;
  onChange: (dealId: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        About a deal (optional)
      </label>
      <select
        id={id}
        value={value}
        className={fieldControlClass(false)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">No deal</option>
        {deals.map((deal) => (
          <option key={deal.id} value={deal.id}>
            {deal.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Help & support: a question to Paylock's support, or a grievance to its grievance officer, about
 * one of the person's deals (when `deals` are given) or not; the confirmation (for a grievance,
 * its acknowledgement) comes by e-mail when the account has an address.
 */
export function SupportRequestForm({
  kind = 'question',
  deals,
  initialDealId = '',
}: {
  kind?: SupportKind;
  deals?: readonly SupportDealOption[];
  initialDealId?: string;
}) {
  const texts = FORM_TEXTS[kind];
  const messageId = `${kind}-message`;
  const send = useCreateSupportRequest();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [dealId, setDealId] = useState(initialDealId);
  const [errors, setErrors] = useState<Fields>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    send.send(subject, message, kind, dealId === '' ? undefined : dealId).then(
      ({ id }) => {
        setSubject('');
        setMessage('');
        notify.success(`${texts.sent} (reference ${id}).`);
      },
      (failure: unknown) => {
        const fields = fieldMessagesOf(failure);
        if (fields) setErrors(fields);
        else notify.error(messageOf(failure, texts.failed));
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${kind}-form-heading`}
      className="flex flex-col gap-3 sm:max-w-md"
    >
      <h3 id={`${kind}-form-heading`} className="text-base font-semibold">
        {texts.heading}
      </h3>
      {deals && deals.length > 0 && (
        <DealSelect id={`${kind}-deal`} deals={deals} value={dealId} onChange={setDealId} />
      )}
      <TextField
        label="Subject"
        name="subject"
        maxLength={SUBJECT_MAX}
        value={subject}
        error={errors.subject}
        onChange={(event) => {
          setSubject(event.target.value);
        }}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className={fieldLabelClass}>
          {texts.messageLabel}
        </label>
        <textarea
          id={messageId}
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          className={fieldControlClass(Boolean(errors.message))}
          {...errorAttributes(`${messageId}-error`, errors.message)}
          onChange={(event) => {
            setMessage(event.target.value);
          }}
        />
        <FieldError id={`${messageId}-error`} message={errors.message} />
      </div>
      <Button type="submit" className="self-start" pending={send.isPending} pendingLabel="Sending…">
        {texts.submit}
      </Button>
    </form>
  );
}
