import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { REAUTH_MESSAGE_TYPE, type ReauthMessage, reauthFailureText } from './reauth-messages';

/**
 * /account/reauthenticated?result=ok|failed&reason=…: where the Google re-authentication ends,
 * in the popup the dialog opened. It tells the page that opened it and closes; opened on its own
 * (no opener), it says what happened.
 */
export function ReauthenticatedPage() {
  const [params] = useSearchParams();
  const ok = params.get('result') === 'ok';
  const reason = params.get('reason');
  const [opener] = useState(() => window.opener as Window | null);

  useEffect(() => {
    if (!opener) return;
    const message: ReauthMessage = { type: REAUTH_MESSAGE_TYPE, ok, reason };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [opener, ok, reason]);

  let text = reauthFailureText(reason);
  if (ok) {
    text = opener
      ? 'You can close this window.'
      : 'Go back to the page you were on and save your change again within 5 minutes.';
  }
  return (
    <PageLayout title={ok ? 'Thank you, it is you' : 'Not confirmed'}>
      <p role={ok ? 'status' : 'alert'}>{text}</p>
    </PageLayout>
  );
}
