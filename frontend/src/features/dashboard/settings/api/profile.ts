import { useMutation } from '@tanstack/react-query';
import { updateCurrentUserMutation } from '@/api/generated/@tanstack/react-query.gen';
import { updateSignedInUser } from '@/lib/auth/session';

/** Saves the creator's display name; the top bar and the page show the server's answer. */
export function useChangeDisplayName() {
  const mutation = useMutation({
    ...updateCurrentUserMutation(),
    onSuccess: (user) => {
      updateSignedInUser(user);
    },
  });
  return {
    ...mutation,
    rename: (displayName: string) => mutation.mutateAsync({ body: { displayName } }),
  };
}
