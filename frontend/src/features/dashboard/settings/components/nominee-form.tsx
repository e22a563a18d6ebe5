import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useNominee, useRemoveNominee, useSetNominee } from '../api/nominee';

const SAVE_FAILED = 'We could not save your nominee. Please try again.';
const REMOVE_FAILED = 'We could not remove your nominee. Please try again.';

type Fields = Partial<Record<'name' | 'email', string>>;

function fieldErrorsOf(error: unknown): Fields | undefined {
  if (!isErrorBody(error) || errorCodeOf(error) !== 'VALIDATION_FAILED') return undefined;
  const errors = error.errors as Record<string, unknown> | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { name: text(errors?.name), email: text(errors?.email) };
}

/**
 * Settings → Data & privacy: the nominee (DPDP Act, section 14), who may exercise the person's
 * data rights if they die or cannot. Shown, named or changed, and removed.
 */
export function NomineeForm() {
  const current = useNominee();
  const save = useSetNominee();
  const remove = useRemoveNominee();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Fields>({});

  if (current.isPending) return <LoadingIndicator label="Loading your nominee…" />;
  if (current.isError) return <QueryProblem error={current.error} what="your nominee" />;
  const { nominee } = current.data;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    save.save(name, email).then(
      (answer) => {
        setName('');
        setEmail('');
        notify.success(`${answer.nominee?.name ?? 'Your nominee'} is your nominee.`);
      },
      (failure: unknown) => {
        const fields = fieldErrorsOf(failure);
        if (fields) setErrors(fields);
        else notify.error(messageOf(failure, SAVE_FAILED));
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Your nominee</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Someone who may exercise your data rights if you die or cannot (DPDP Act, section 14).
      </p>
      {nominee ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">
            Your nominee: <strong className="break-words">{nominee.name}</strong> (
            <span className="break-words">{nominee.email}</span>)
          </p>
          <Button
            variant="secondary"
            pending={remove.isPending}
            pendingLabel="Removing…"
            onClick={() => {
              remove.mutateAsync({}).catch((failure: unknown) => {
                notify.error(messageOf(failure, REMOVE_FAILED));
              });
            }}
          >
            Remove nominee
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm">
          You have not named a nominee.
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-md">
        <TextField
          label="Nominee’s name"
          name="nomineeName"
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <TextField
          label="Nominee’s e-mail"
          name="nomineeEmail"
          type="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <Button
          type="submit"
          className="self-start"
          pending={save.isPending}
          pendingLabel="Saving…"
        >
          {nominee ? 'Change nominee' : 'Name nominee'}
        </Button>
      </form>
    </div>
  );
}
