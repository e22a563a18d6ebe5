import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { FieldError } from './field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from './field-parts';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'className' | 'children'> & {
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
};

// The closed select shows the placeholder greyed out; the opened list keeps normal colours.
const placeholderShownClass =
  "has-[option[value='']:checked]:text-slate-500 dark:has-[option[value='']:checked]:text-slate-400 [&>option]:text-slate-900 dark:[&>option]:text-slate-100";

/**
 * A labelled native select (keyboard, Escape and the phone's own picker for free, no script
 * needed before hydration) whose empty value shows the placeholder.
 */
export function SelectField({
  label,
  placeholder,
  options,
  error,
  id,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className={fieldLabelClass}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          className={`${fieldControlClass(Boolean(error))} appearance-none pr-10 ${placeholderShownClass}`}
          {...errorAttributes(errorId, error)}
          {...selectProps}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
