import { type SyntheticEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { PeriodQuery } from '../api/insights-queries';
import { PERIOD_OPTIONS, type Preset } from './periods';

/**
 * The period the figures cover (India time): a preset applies at once; a custom range when its
 * two days are given and applied. The server checks the range and says what is wrong with it.
 */
export function PeriodPicker({
  value,
  onChange,
  errors,
}: {
  value: PeriodQuery;
  onChange: (next: PeriodQuery) => void;
  errors?: Readonly<Record<string, string>> | undefined;
}) {
  const [preset, setPreset] = useState<Preset>(value.period ?? 'this_month');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');

  const choose = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') onChange({ period: next });
  };
  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    onChange({ period: 'custom', from, to });
  };

  return (
    <form
      onSubmit={apply}
      className="flex flex-wrap items-end gap-3"
      aria-label="The period the figures cover"
    >
      <div className="w-full sm:w-auto sm:min-w-56">
        <SelectField
          label="Period"
          placeholder="Choose a period"
          options={PERIOD_OPTIONS}
          value={preset}
          onChange={(event) => {
            choose(event.target.value as Preset);
          }}
          error={errors?.period}
        />
      </div>
      {preset === 'custom' && (
        <>
          <TextField
            label="From"
            type="date"
            value={from}
            required
            onChange={(event) => {
              setFrom(event.target.value);
            }}
            error={errors?.from}
          />
          <TextField
            label="To"
            type="date"
            value={to}
            required
            onChange={(event) => {
              setTo(event.target.value);
            }}
            error={errors?.to}
          />
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </>
      )}
    </form>
  );
}
