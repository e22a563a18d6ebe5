import { useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useChangeDisplayName } from '../api/profile';

const MAX_LENGTH = 80;
const SAVE_FAILED = 'We could not save your name. Please try again.';

/** The server's message for the field, when it refused the value (400 VALIDATION_FAILED). */
function fieldMessageOf(error: unknown): string | undefined {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED' || !isErrorBody(error)) return undefined;
  const { errors } = error;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const message = (errors as Record<string, unknown>).displayName;
  return typeof message === 'string' ? message : undefined;
}

/** The creator's display name: the server checks it and answers each refusal with its message. */
export function DisplayNameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const change = useChangeDisplayName();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    change.rename(name).then(
      (user) => {
        setName(user.displayName);
        notify.success('Your name is saved.');
      },
      (failure: unknown) => {
        const fieldMessage = fieldMessageOf(failure);
        if (fieldMessage) setError(fieldMessage);
        else notify.error(messageOf(failure, SAVE_FAILED));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-md">
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        maxLength={MAX_LENGTH}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <Button
        type="submit"
        className="self-start"
        pending={change.isPending}
        pendingLabel="Saving…"
        disabled={name.trim() === current.trim()}
      >
        Save name
      </Button>
    </form>
  );
}
