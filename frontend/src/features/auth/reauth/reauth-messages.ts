/** What the re-authentication popup tells the page that opened it. */
export const REAUTH_MESSAGE_TYPE = 'paylock:reauthenticated';

export interface ReauthMessage {
  type: typeof REAUTH_MESSAGE_TYPE;
  ok: boolean;
  reason: string | null;
}

export function isReauthMessage(data: unknown): data is ReauthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === REAUTH_MESSAGE_TYPE
  );
}

/** The server's reasons (`?reason=`) in words. */
export function reauthFailureText(reason: string | null): string {
  switch (reason) {
    case 'REAUTHENTICATION_STALE':
      return 'Google did not ask you to sign in again. Please try once more.';
    case 'REAUTHENTICATION_NOT_VALID':
      return 'That was not the Google account you are signed in with. Please use the same account.';
    default:
      return 'We could not confirm it is you. Please try again.';
  }
}
