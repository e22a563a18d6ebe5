import { useQuery } from '@tanstack/react-query';
import { getIdentityProviderOptions } from '@/api/generated/@tanstack/react-query.gen';

/** Says plainly when the server signs people in through its local stand-in for Google. */
export function IdentityProviderNotice() {
  const { data } = useQuery({ ...getIdentityProviderOptions(), staleTime: Infinity });
  if (data?.kind !== 'local') return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      A local development identity provider is in use: no real Google account is involved.
    </p>
  );
}
