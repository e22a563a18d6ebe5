import type { ComponentProps } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';

/** The text field of the brand's answers (the changes wanted, a reason, a billing address). */
export function CommentField({
  label,
  error,
  hint,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string | undefined; hint?: string }) {
  const id = `review-${props.name ?? 'text'}`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      {hint && <p className="text-sm text-slate-700 dark:text-slate-300">{hint}</p>}
      <textarea
        id={id}
        rows={4}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(errorId, error)}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
