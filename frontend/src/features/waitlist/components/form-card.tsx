import type { SubmitEventHandler, ReactNode } from 'react';

export const cardClass =
  'flex flex-col gap-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-800';
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700 disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-3 font-semibold transition-colors hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';
/** A link inside the feature's text. */
export const linkClass = 'font-semibold text-indigo-700 underline dark:text-indigo-300';

interface FormCardProps {
  /** The heading's id, which also names the form for assistive technology. */
  headingId: string;
  title: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A form on a card of its own, named by its heading; the browser's validation left to the schema. */
export function FormCard({ headingId, title, onSubmit, children }: FormCardProps) {
  return (
    <form noValidate aria-labelledby={headingId} className={cardClass} onSubmit={onSubmit}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </form>
  );
}
