// Loaded on the first notification, not with the page: toasts are never part of the first paint.
const loadToast = async () => (await import('react-toastify')).toast;

/** Transient notifications; rendered by the app's <Toaster />. */
export const notify = {
  success: (message: string): void => {
    void loadToast().then((toast) => toast.success(message));
  },
  error: (message: string): void => {
    void loadToast().then((toast) => toast.error(message));
  },
};
