import { useId, type ComponentProps } from 'react';
import { FieldError } from './field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from './field-parts';

type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled text input with its error underneath (red border, aria-invalid, aria-describedby). */
export function TextField({ label, error, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      <input
        id={inputId}
        className={fieldControlClass(Boolean(error))}
        {...errorAttributes(errorId, error)}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
