import { ACCOUNT_TYPES, type AccountType } from '../account-types';

interface AccountTypeSwitchProps {
  value: AccountType;
  onChange: (value: AccountType) => void;
}

/** Two radio cards: native radios keep arrow-key switching and screen-reader semantics. */
export function AccountTypeSwitch({ value, onChange }: AccountTypeSwitchProps) {
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-2 text-sm font-semibold">Account type</legend>
      {ACCOUNT_TYPES.map((type) => (
        <label
          key={type.value}
          className="flex cursor-pointer flex-col rounded-lg border border-slate-300 px-4 py-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-600 dark:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950"
        >
          <input
            type="radio"
            name="account-type"
            value={type.value}
            checked={value === type.value}
            onChange={() => {
              onChange(type.value);
            }}
            className="sr-only"
          />
          <span className="font-semibold">{type.label}</span>
          <span className="text-sm text-slate-600 dark:text-slate-300">{type.description}</span>
        </label>
      ))}
    </fieldset>
  );
}
