import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadPersonalData, type PersonalPageResponseDto } from '@/api/generated';
import {
  confirmEmailChangeMutation,
  correctPersonalEntryMutation,
  endPersonalSessionMutation,
  erasePersonalEntryMutation,
  getPersonalPageOptions,
  getPersonalPageQueryKey,
  openPersonalPageMutation,
  requestEmailChangeMutation,
  requestPersonalLinkMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { isErrorBody, messageOf } from '@/lib/api-error';
import { downloadBlob } from '@/lib/download-blob';

/** The per-field messages of a 400 VALIDATION_FAILED body. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isErrorBody(error) || error.code !== 'VALIDATION_FAILED') return {};
  const { errors } = error;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : {};
}

/** "E-mail me a link": the same answer whether or not the address is on the list. */
export function useRequestPersonalLink() {
  return useMutation(requestPersonalLinkMutation());
}

/** The page's entry, read with the session cookie; a 401 means no open page (not an error). */
export function usePersonalPage(enabled: boolean) {
  return useQuery({ ...getPersonalPageOptions(), enabled, retry: false, staleTime: 0 });
}

/** Puts a fresh answer about the entry in the cache, as the page shows it. */
function useSetPage() {
  const queryClient = useQueryClient();
  return (page: PersonalPageResponseDto) => {
    queryClient.setQueryData(getPersonalPageQueryKey(), page);
  };
}

/** Exchanges the link's token for the session cookie; answers the page. */
export function useOpenPersonalPage() {
  const setPage = useSetPage();
  return useMutation({ ...openPersonalPageMutation(), onSuccess: setPage });
}

export function useCorrectPersonalEntry() {
  const setPage = useSetPage();
  return useMutation({ ...correctPersonalEntryMutation(), onSuccess: setPage });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    ...requestEmailChangeMutation(),
    onSuccess: () => {
      // The pending address shows once the link is on its way.
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: getPersonalPageQueryKey() });
      }, 500);
    },
  });
}

export function useConfirmEmailChange() {
  return useMutation(confirmEmailChangeMutation());
}

/** Forgets the page's data in this tab once the session ends (Done, erasure). */
function useForgetPage() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: getPersonalPageQueryKey() });
  };
}

export function useEndPersonalSession() {
  return useMutation({ ...endPersonalSessionMutation(), onSettled: useForgetPage() });
}

export function useErasePersonalEntry() {
  return useMutation({ ...erasePersonalEntryMutation(), onSuccess: useForgetPage() });
}

/** "Download my data": the API's JSON, saved as a file by the browser. */
export async function saveMyData(): Promise<void> {
  const { data, error } = await downloadPersonalData();
  if (error !== undefined) throw new Error(messageOf(error, 'Download failed'));
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  downloadBlob(blob, 'paylock-waitlist-my-data.json');
}
