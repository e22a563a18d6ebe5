import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useCreateSupportRequest } from '../api/support';

const SUBJECT_MAX = 120;
const MESSAGE_MAX = 4000;
const SEND_FAILED = 'We could not send your question. Please try again.';

type Fields = Partial<Record<'subject' | 'message', string>>;

function fieldMessagesOf(error: unknown): Fields | undefined {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return undefined;
  const { errors } = error;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const all = errors as Record<string, unknown>;
  const pick = (name: string) => (typeof all[name] === 'string' ? all[name] : undefined);
  return { subject: pick('subject'), message: pick('message') };
}

/** Help & support: a question to Paylock's support; the confirmation comes by e-mail. */
export function SupportRequestForm() {
  const send = useCreateSupportRequest();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Fields>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    send.send(subject, message).then(
      ({ id }) => {
        setSubject('');
        setMessage('');
        notify.success(`Your question is with our support team (reference ${id}).`);
      },
      (failure: unknown) => {
        const fields = fieldMessagesOf(failure);
        if (fields) setErrors(fields);
        else notify.error(messageOf(failure, SEND_FAILED));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-md">
      <h3 className="text-base font-semibold">Ask our support team</h3>
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
        <label htmlFor="support-message" className={fieldLabelClass}>
          Your question
        </label>
        <textarea
          id="support-message"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          className={fieldControlClass(Boolean(errors.message))}
          {...errorAttributes('support-message-error', errors.message)}
          onChange={(event) => {
            setMessage(event.target.value);
          }}
        />
        <FieldError id="support-message-error" message={errors.message} />
      </div>
      <Button type="submit" className="self-start" pending={send.isPending} pendingLabel="Sending…">
        Send question
      </Button>
    </form>
  );
}
