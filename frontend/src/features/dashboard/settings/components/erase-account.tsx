import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MoneyBlockerDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { Modal } from '@/components/ui/modal';
import { QueryProblem } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { errorCodeOf, isErrorBody, messageOf } from '@/lib/api-error';
import { useErasurePreview, useEraseAccount } from '../api/account-erasure';
import { KeptRecords } from './kept-records';

const ERASE_FAILED = 'We could not erase your account. Please try again.';

const STATE_WORDS: Record<MoneyBlockerDto['state'], string> = {
  funded: 'funded: its money is held',
  submitted: 'submitted: its money is held',
  changes_requested: 'sent back for changes: its money is held',
  approved: 'approved: its money is about to be released',
  released: 'released: its money is on its way to the bank',
  disputed: 'disputed',
};

function Blockers({ blockers }: { blockers: readonly MoneyBlockerDto[] }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="font-medium">
        Your account cannot be erased while money is held, being released or disputed for you:
      </p>
      <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
        {blockers.map((blocker) => (
          <li key={blocker.milestoneId}>
            “{blocker.milestoneName}” of “{blocker.dealTitle}” is {STATE_WORDS[blocker.state]}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        You can erase it once each is paid out or refunded.
      </p>
    </div>
  );
}

/** The server's message for the phrase's field (400), if it refused it. */
function fieldMessageOf(error: unknown): string | undefined {
  if (!isErrorBody(error) || errorCodeOf(error) !== 'VALIDATION_FAILED') return undefined;
  const message = (error.errors as Record<string, unknown> | undefined)?.confirmation;
  return typeof message === 'string' ? message : undefined;
}

function ConfirmErasure({ phrase, onClose }: { phrase: string; onClose: () => void }) {
  const erase = useEraseAccount();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setRefusal(undefined);
    erase.erase(typed).then(
      (receipt) => {
        // The receipt page is public: it ends the session here once it is shown.
        void navigate(paths.accountErased, { replace: true, state: { receipt } });
      },
      (failure: unknown) => {
        const message = fieldMessageOf(failure);
        if (message) setFieldError(message);
        else setRefusal(messageOf(failure, ERASE_FAILED));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField
        label={`Type ${phrase} to confirm`}
        name="confirmation"
        autoComplete="off"
        value={typed}
        error={fieldError}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
      />
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="danger"
          pending={erase.isPending}
          pendingLabel="Erasing…"
          disabled={typed.trim().toUpperCase() !== phrase}
        >
          Erase my account
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Keep my account
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings → Data & privacy: "Erase my account". Refused, with the reason, while money is held,
 * being released or disputed; otherwise it says what stays, why and until when, and asks for the
 * phrase typed. Once erased, every session ends and the receipt page shows what was kept.
 */
export function EraseAccount() {
  const preview = useErasurePreview();
  const [open, setOpen] = useState(false);

  if (preview.isPending)
    return <LoadingIndicator label="Checking whether your account can be erased…" />;
  if (preview.isError) return <QueryProblem error={preview.error} what="your account’s erasure" />;

  const { blockers, kept, confirmationPhrase } = preview.data;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Erase my account</h3>
      <p className="text-slate-700 dark:text-slate-300">
        Erases your profile, contact e-mail, nominee, sessions, notifications and, for creators,
        your media kit and payout profile. You are signed out everywhere.
      </p>
      {blockers.length > 0 ? (
        <Blockers blockers={blockers} />
      ) : (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            What the law makes Paylock keep, why and until when:
          </p>
          <KeptRecords kept={kept} />
          <Button
            variant="danger"
            className="self-start"
            onClick={() => {
              setOpen(true);
            }}
          >
            Erase my account…
          </Button>
        </>
      )}
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Erase your account?"
        description="This cannot be undone. You are signed out everywhere and get no more notices."
      >
        <ConfirmErasure
          phrase={confirmationPhrase}
          onClose={() => {
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}
