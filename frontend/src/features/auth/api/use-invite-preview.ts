import { useQuery } from '@tanstack/react-query';
import { lookUpInvite } from '@/api/generated/sdk.gen';
import { LINK_TOKEN_PATTERN } from '@/config/link-token';
import { errorCodeOf } from '@/lib/api-error';

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
  return (code !== undefined && inviteFailureTexts.get(code)) || FALLBACK;
}

/** Who the invite in `/register?invite=…` is for (a masked e-mail); nothing without a code. */
export function useInvitePreview(code: string | null) {
  return useQuery({
    queryKey: ['invite-preview', code],
    enabled: code !== null,
    retry: false,
    queryFn: async () => {
      if (code === null || !LINK_TOKEN_PATTERN.test(code)) throw new NotAnInviteCodeError();
      const { data } = await lookUpInvite({ body: { code }, throwOnError: true });
      return data;
    },
  });
}
