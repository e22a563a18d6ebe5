/** The media kit form's repeated parts: a platform with its audience figures, a rate-card package. */
import type { PlatformRequestDto, RatePackageRequestDto } from '@/api/generated/types.gen';
import { KINDS, type Platform, PLATFORMS, splitList, wholeNumber } from './kit-options';
import { Button } from '@/components/ui/button';
import { MoneyField } from '@/components/ui/money-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

export function PlatformFields({
  value,
  index,
  errors,
  onChange,
  onRemove,
}: {
  value: PlatformRequestDto;
  index: number;
  errors: Record<string, string>;
  onChange: (next: PlatformRequestDto) => void;
  onRemove: () => void;
}) {
  const at = `platforms[${String(index)}]`;
  const audience = value.audience ?? { followers: 0, medianViews: 0, note: '' };
  const name = PLATFORMS.find((item) => item.value === value.platform)?.label ?? value.platform;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2 dark:border-slate-600">
      <legend className="px-1 font-semibold">{name}</legend>
      <SelectField
        label="Platform"
        placeholder="Choose a platform"
        options={PLATFORMS}
        value={value.platform}
        onChange={(event) => {
          onChange({ ...value, platform: event.target.value as Platform });
        }}
        error={errors[`${at}.platform`]}
      />
      <TextField
        label={`Your handle on ${name}`}
        value={value.handle}
        onChange={(event) => {
          onChange({ ...value, handle: event.target.value });
        }}
        error={errors[`${at}.handle`]}
      />
      <TextField
        label="Followers (self-reported)"
        inputMode="numeric"
        value={String(audience.followers)}
        onChange={(event) => {
          onChange({
            ...value,
            audience: { ...audience, followers: wholeNumber(event.target.value) },
          });
        }}
        error={errors[`${at}.audience.followers`]}
      />
      <TextField
        label="Median views of recent posts (self-reported)"
        inputMode="numeric"
        value={String(audience.medianViews)}
        onChange={(event) => {
          onChange({
            ...value,
            audience: { ...audience, medianViews: wholeNumber(event.target.value) },
          });
        }}
        error={errors[`${at}.audience.medianViews`]}
      />
      <TextField
        label="Audience split (e.g. 64% women, 18–34)"
        value={audience.note ?? ''}
        onChange={(event) => {
          onChange({ ...value, audience: { ...audience, note: event.target.value } });
        }}
        error={errors[`${at}.audience.note`]}
      />
      <Button variant="secondary" className="self-end" onClick={onRemove}>
        Remove {name}
      </Button>
    </fieldset>
  );
}

export function PackageFields({
  value,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  value: RatePackageRequestDto;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (next: RatePackageRequestDto) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const at = `packages[${String(index)}]`;
  const label = value.title || `Package ${String(index + 1)}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2 dark:border-slate-600">
      <legend className="px-1 font-semibold">{label}</legend>
      <TextField
        label="Title"
        value={value.title}
        onChange={(event) => {
          onChange({ ...value, title: event.target.value });
        }}
        error={errors[`${at}.title`]}
      />
      <SelectField
        label="Platform"
        placeholder="Choose a platform"
        options={PLATFORMS}
        value={value.platform}
        onChange={(event) => {
          onChange({ ...value, platform: event.target.value as Platform });
        }}
        error={errors[`${at}.platform`]}
      />
      <SelectField
        label="Kind"
        placeholder="Choose a kind"
        options={KINDS}
        value={value.kind}
        onChange={(event) => {
          onChange({ ...value, kind: event.target.value as RatePackageRequestDto['kind'] });
        }}
        error={errors[`${at}.kind`]}
      />
      <TextField
        label="Quantity"
        inputMode="numeric"
        value={String(value.quantity)}
        onChange={(event) => {
          onChange({ ...value, quantity: wholeNumber(event.target.value) });
        }}
        error={errors[`${at}.quantity`]}
      />
      <TextField
        label="Usage rights"
        value={value.usageRights}
        onChange={(event) => {
          onChange({ ...value, usageRights: event.target.value });
        }}
        error={errors[`${at}.usageRights`]}
      />
      <TextField
        label="Usage period (days)"
        inputMode="numeric"
        value={String(value.usagePeriodDays)}
        onChange={(event) => {
          onChange({ ...value, usagePeriodDays: wholeNumber(event.target.value) });
        }}
        error={errors[`${at}.usagePeriodDays`]}
      />
      <MoneyField
        label="Price"
        value={value.pricePaise}
        onChange={(paise) => {
          onChange({ ...value, pricePaise: paise ?? 0 });
        }}
        error={errors[`${at}.pricePaise`]}
      />
      <TextField
        label="Turnaround (days)"
        inputMode="numeric"
        value={String(value.turnaroundDays)}
        onChange={(event) => {
          onChange({ ...value, turnaroundDays: wholeNumber(event.target.value) });
        }}
        error={errors[`${at}.turnaroundDays`]}
      />
      <TextField
        label="Milestone split in % (e.g. 50/50)"
        value={value.milestoneSplit.join('/')}
        onChange={(event) => {
          onChange({
            ...value,
            milestoneSplit: splitList(event.target.value, /\//).map(Number),
          });
        }}
        error={errors[`${at}.milestoneSplit`]}
      />
      <div className="flex flex-col gap-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={value.priceIsFrom}
            onChange={(event) => {
              onChange({ ...value, priceIsFrom: event.target.checked });
            }}
          />
          Show as a “from” price
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={value.visible}
            onChange={(event) => {
              onChange({ ...value, visible: event.target.checked });
            }}
          />
          Show on my public page
        </label>
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button
          variant="secondary"
          disabled={index === 0}
          onClick={() => {
            onMove(-1);
          }}
        >
          Move {label} up
        </Button>
        <Button
          variant="secondary"
          disabled={index === count - 1}
          onClick={() => {
            onMove(1);
          }}
        >
          Move {label} down
        </Button>
        <Button variant="danger" onClick={onRemove}>
          Remove {label}
        </Button>
      </div>
    </fieldset>
  );
}
