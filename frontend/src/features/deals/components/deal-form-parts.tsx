import { Plus, Trash2 } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';

/** A titled block of the deal form, with an optional action beside its heading. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const SECONDARY_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

/** A labelled textarea with an optional hint and its error. */
export function TextAreaField({
  label,
  error,
  hint,
  ...props
}: ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(errorId, error)}
        {...(described && { 'aria-describedby': described })}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A section of numbered rows the user adds (up to `max`) and removes (down to one), each a
 * fieldset; the section's own error (e.g. "add at least one") above the rows.
 */
export function RepeatedRows({
  title,
  noun,
  rows,
  max,
  onAdd,
  onRemove,
  errorId,
  error,
  removePlacement,
  intro,
  footer,
  renderRow,
}: {
  title: string;
  /** "deliverable": "Add deliverable", "Deliverable 2", "Remove deliverable 2". */
  noun: string;
  rows: readonly { id: string }[];
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  errorId: string;
  error: string | undefined;
  /** Classes of the remove button's cell in the row's grid. */
  removePlacement: string;
  intro?: ReactNode;
  footer?: ReactNode;
  renderRow: (index: number) => ReactNode;
}) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Section
      title={title}
      action={
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={rows.length >= max}
          onClick={onAdd}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add {noun}
        </button>
      }
    >
      {intro}
      <FieldError id={errorId} message={error} />
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={row.id}>
            <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
              <legend className="px-1 text-sm font-semibold">
                {capitalised} {index + 1}
              </legend>
              {renderRow(index)}
              {rows.length > 1 && (
                <div className={removePlacement}>
                  <button
                    type="button"
                    className={SECONDARY_BUTTON}
                    onClick={() => {
                      onRemove(index);
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove {noun} {index + 1}
                  </button>
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {footer}
    </Section>
  );
}
