/** The brand sign-in's buttons, in the auth pages' indigo. */
export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-70';

/** An action that reads as a link ("Resend code", "Change number"). */
export const linkButtonClass =
  'font-semibold text-indigo-700 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-70 dark:text-indigo-300';
