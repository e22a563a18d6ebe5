import { ToastContainer } from 'react-toastify';

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_LIMIT = 20;

/** Where notify.success / notify.error appear: bottom right, green for success, red for failure. */
export function Toaster() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      theme="colored"
    />
  );
}
