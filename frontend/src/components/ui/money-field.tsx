import { useId, useState, type ComponentProps } from 'react';
import { formatRupeesInput, parseRupees } from '../../utils/format-money';
import { FieldError } from './field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from './field-parts';

type MoneyFieldProps = Omit<
  ComponentProps<'input'>,
  'className' | 'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  label: string;
  /** The amount in integer paise; null when the field is empty, NaN when what is typed is no amount. */
  value: number | null;
  onChange: (paise: number | null) => void;
  error?: string | undefined;
};

/** The text the field shows for `paise` (empty for no amount). */
const textOf = (paise: number | null) =>
  paise === null || Number.isNaN(paise) ? '' : formatRupeesInput(paise);

/**
 * A rupee amount field: a person types rupees ("125000" or "1,25,000.50"), the form gets integer
 * paise. On leaving the field the amount is shown in Indian grouping. What is typed stays as typed
 * while it cannot be read, so the person can correct it.
 */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  error,
  id,
  ...inputProps
}: MoneyFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [text, setText] = useState(() => textOf(value));
  // A value set from outside (a reset, a loaded draft) replaces the text; while typing it is ours.
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value) && !Object.is(parseRupees(text), value)) {
    setShown(value);
    setText(textOf(value));
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-600 dark:text-slate-300"
        >
          ₹
        </span>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          className={`${fieldControlClass(Boolean(error))} pl-7`}
          {...errorAttributes(errorId, error)}
          {...inputProps}
          onChange={(event) => {
            const next = event.target.value;
            const paise = parseRupees(next);
            setText(next);
            setShown(paise);
            onChange(paise);
          }}
          onBlur={(event) => {
            const paise = parseRupees(text);
            if (paise !== null && !Number.isNaN(paise)) setText(formatRupeesInput(paise));
            onBlur?.(event);
          }}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
