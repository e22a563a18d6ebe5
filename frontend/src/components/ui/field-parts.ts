/** Shared look and accessibility wiring of form fields, so every form's fields match. */
export const fieldLabelClass = 'text-sm font-medium text-slate-800 dark:text-slate-200';

export const fieldControlClass = (invalid: boolean) =>
  [
    'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm transition-colors',
    'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-60',
    'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
    'focus-visible:outline-2 focus-visible:outline-offset-0',
    invalid
      ? 'border-red-500 focus-visible:outline-red-500 dark:border-red-400'
      : 'border-slate-300 focus-visible:outline-indigo-500 dark:border-slate-700',
  ].join(' ');

/** The accessibility attributes a control needs to announce its error. */
export const errorAttributes = (errorId: string, message: string | undefined) =>
  message ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
