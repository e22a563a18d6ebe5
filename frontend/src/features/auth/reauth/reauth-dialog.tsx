import { useEffect, useRef, useState } from 'react';
import {
  confirmReauthentication,
  sendReauthenticationCode,
  startGoogleReauthentication,
} from '@/api/generated/sdk.gen';
import { setReauthenticator } from '@/api/reauth-retry';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { messageOf } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { isReauthMessage, reauthFailureText } from './reauth-messages';

type Settle = (confirmed: boolean) => void;

const POPUP_FEATURES = 'popup,width=480,height=680';
const POPUP_BLOCKED =
  'Your browser blocked the Google window. Please allow pop-ups for Paylock and try again.';

/**
 * The dialog a change that moves money or identity opens when the server asks for a fresh proof
 * of identity (403 REAUTHENTICATION_REQUIRED): Google again for creators (in a popup, so the
 * page and its form stay), a new SMS code for brands. The refused request is sent again once it
 * succeeds (api/reauth-retry.ts).
 */
export function ReauthDialog() {
  const { user } = useAuth();
  const [settle, setSettle] = useState<Settle | null>(null);
  // For the unmount: a request still waiting for the dialog is answered "not confirmed".
  const settleRef = useRef<Settle | null>(null);
  useEffect(() => {
    settleRef.current = settle;
  }, [settle]);

  useEffect(() => {
    setReauthenticator(
      () =>
        new Promise<boolean>((resolve) => {
          setSettle(() => resolve);
        }),
    );
    return () => {
      setReauthenticator(null);
      settleRef.current?.(false);
    };
  }, []);

  const finish = (confirmed: boolean) => {
    settle?.(confirmed);
    setSettle(null);
  };

  const isBrand = user?.roles.includes('brand') ?? false;
  return (
    <Modal
      open={settle !== null}
      onOpenChange={(open) => {
        if (!open) finish(false);
      }}
      title="Confirm it is you"
      description={
        isBrand
          ? 'This change moves money or changes who you are to Paylock. We will send a code to your mobile number.'
          : 'This change moves money or changes who you are to Paylock. Please sign in with Google again.'
      }
    >
      {settle !== null &&
        (isBrand ? <SmsConfirmation onDone={finish} /> : <GoogleConfirmation onDone={finish} />)}
    </Modal>
  );
}

function GoogleConfirmation({ onDone }: { onDone: Settle }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isReauthMessage(event.data)) return;
      setWaiting(false);
      if (event.data.ok) onDone(true);
      else setProblem(reauthFailureText(event.data.reason));
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
    };
  }, [onDone]);

  const start = async () => {
    setProblem(null);
    // Opened during the click (a popup opened later is blocked), pointed at Google once the
    // server has issued the ticket.
    const popup = window.open('', 'paylock-reauth', POPUP_FEATURES);
    if (!popup) {
      setProblem(POPUP_BLOCKED);
      return;
    }
    setWaiting(true);
    const { data, error } = await startGoogleReauthentication();
    if (!data) {
      popup.close();
      setWaiting(false);
      setProblem(messageOf(error, 'We could not start the confirmation. Please try again.'));
      return;
    }
    popup.location.href = data.location;
  };

  return (
    <div className="flex flex-col gap-3">
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void start()} pending={waiting} pendingLabel="Waiting for Google…">
          Continue with Google
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onDone(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

function SmsConfirmation({ onDone }: { onDone: Settle }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setProblem(undefined);
    const { data, error } = await sendReauthenticationCode({ body: {} });
    setBusy(false);
    if (data) setSentTo(data.maskedPhone);
    else setProblem(messageOf(error, 'We could not send the code. Please try again.'));
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(undefined);
    const { error, response } = await confirmReauthentication({ body: { code } });
    setBusy(false);
    if (response?.ok) onDone(true);
    else setProblem(messageOf(error, 'That code did not work. Please try again.'));
  };

  if (sentTo === null) {
    return (
      <div className="flex flex-col gap-3">
        {problem && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void send()} pending={busy} pendingLabel="Sending…">
            Send code
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onDone(false);
            }}
          >
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <p>We sent a code to {sentTo}.</p>
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
        }}
        error={problem}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={busy} pendingLabel="Checking…" disabled={code.length !== 6}>
          Confirm
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onDone(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
