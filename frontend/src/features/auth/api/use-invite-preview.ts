import { useQuery } from '@tanstack/react-query';
import { lookUpInvite } from '../../../api/generated/sdk.gen';

/*
 * The invite code's shape and the error body's code, read here rather than through
 * config/link-token and lib/api-error: shared with the register page, those modules would
 * become chunks of their own, and each chunk's name goes into the landing page's preload map,
 * which is within bytes of its 100 kB budget.
 */
const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const errorCodeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && !(error instanceof Error)
    ? (error as { code?: unknown }).code
    : undefined;

export const inviteFailureTexts: ReadonlyMap<string, string> = new Map([
  [
    'INVITE_INVALID',
    'This invite link is not valid. Open the link from your invite e-mail exactly as it was sent.',
  ],
  [
    'INVITE_EXPIRED',
    'This invite has expired. Reply to your invite e-mail and we will send you a new one.',
  ],
  [
    'INVITE_REVOKED',
    'This invite has been withdrawn. Reply to your invite e-mail if you think this is a mistake.',
  ],
  [
    'INVITE_USED',
    'This invite has already been used to create an account. Sign in with the Google account it was used with.',
  ],
]);

const FALLBACK = 'We could not check this invite right now. Please try again.';

/** The link's `invite` is not shaped like a code (cut short, altered): not even sent. */
export class NotAnInviteCodeError extends Error {}

/** The message for what the generated client threw: the API's error body, or a network error. */
export function describeInviteFailure(error: unknown): string {
  if (error instanceof NotAnInviteCodeError) return inviteFailureTexts.get('INVITE_INVALID') ?? '';
  const code = errorCodeOf(error);
  return (typeof code === 'string' && inviteFailureTexts.get(code)) || FALLBACK;
}

/** Who the invite in `/register?invite=…` is for (a masked e-mail); nothing without a code. */
export function useInvitePreview(code: string | null) {
  return useQuery({
    queryKey: ['invite-preview', code],
    enabled: code !== null,
    retry: false,
    queryFn: async () => {
      if (code === null || !INVITE_CODE_PATTERN.test(code)) throw new NotAnInviteCodeError();
      const { data } = await lookUpInvite({ body: { code }, throwOnError: true });
      return data;
    },
  });
}
