import { useMutation } from '@tanstack/react-query';
import { resendConfirmationEmailMutation } from '@/api/generated/@tanstack/react-query.gen';

/** "Send me a new link": answered the same whether or not anything matched. */
export function useResendConfirmation() {
  return useMutation(resendConfirmationEmailMutation());
}
