import { useMutation } from '@tanstack/react-query';
import { createSupportRequestMutation } from '@/api/generated/@tanstack/react-query.gen';

/** Sends support a question; the answer carries its reference. */
export function useCreateSupportRequest() {
  const mutation = useMutation(createSupportRequestMutation());
  return {
    ...mutation,
    send: (subject: string, message: string) =>
      mutation.mutateAsync({ body: { subject, message } }),
  };
}
