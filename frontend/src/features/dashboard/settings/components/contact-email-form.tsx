import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useChangeContactEmail, useContactEmail } from '../api/contact-email';

const SEND_FAILED = 'We could not send the link. Please try again.';

/** The server's message for the field, when it refused the value (400 VALIDATION_FAILED). */
function fieldMessageOf(error: unknown): string | undefined {
  if (!isErrorBody(error)) return undefined;
  if (errorCodeOf(error) === 'INVALID_CONTACT_EMAIL') return messageOf(error, '');
  if (errorCodeOf(error) !== 'VALIDATION_FAILED') return undefined;
  const { errors } = error;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const message = (errors as Record<string, unknown>).email;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The account's contact e-mail (creators and brands): where notices go, and a new address, used
 * once the link mailed to it is opened.
 */
export function ContactEmailForm() {
  const status = useContactEmail();
  const change = useChangeContactEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (status.isPending) return <LoadingIndicator label="Loading your contact e-mail…" />;
  if (status.isError) return <QueryProblem error={status.error} what="your contact e-mail" />;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    change.change(email).then(
      (answer) => {
        setEmail('');
        notify.success(`We sent a link to ${answer.pendingEmail ?? email}. Open it to confirm.`);
      },
      (failure: unknown) => {
        const fieldMessage = fieldMessageOf(failure);
        if (fieldMessage) setError(fieldMessage);
        else notify.error(messageOf(failure, SEND_FAILED));
      },
    );
  };

  const { mailedTo, pendingEmail } = status.data;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-md">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mailedTo === null ? (
          'You have no contact e-mail yet: notices come in the app and by SMS.'
        ) : (
          <>
            Paylock sends your notices to <strong className="break-words">{mailedTo}</strong>.
          </>
        )}
      </p>
      {pendingEmail && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Waiting for you to open the link we sent to{' '}
          <strong className="break-words">{pendingEmail}</strong> (it works for 24 hours).
        </p>
      )}
      <TextField
        label="New contact e-mail"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
      />
      <Button
        type="submit"
        className="self-start"
        pending={change.isPending}
        pendingLabel="Sending…"
        disabled={email.trim() === ''}
      >
        Send confirmation link
      </Button>
    </form>
  );
}
