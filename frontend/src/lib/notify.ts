import { toast } from 'react-toastify';

/** Transient notifications; rendered by the app's <Toaster />. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};
