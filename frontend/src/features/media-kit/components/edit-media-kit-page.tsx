import { useState } from 'react';
import type {
  MediaKitDto,
  MediaKitRequestDto,
  PlatformRequestDto,
  RatePackageRequestDto,
} from '@/api/generated/types.gen';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { MoneyField } from '@/components/ui/money-field';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { isErrorBody, messageOf } from '@/lib/api-error';
import { useMediaKit, useSaveMediaKit } from '../api/media-kit-queries';

type Platform = PlatformRequestDto['platform'];
const PLATFORMS: readonly { value: Platform; label: string }[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'other', label: 'Other' },
];
const KINDS: readonly { value: RatePackageRequestDto['kind']; label: string }[] = [
  { value: 'reel', label: 'Reel' },
  { value: 'post', label: 'Post' },
  { value: 'story', label: 'Story' },
  { value: 'video', label: 'Video' },
  { value: 'other', label: 'Other' },
];

const NEW_PACKAGE: RatePackageRequestDto = {
  title: '',
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic use on the brand’s own accounts',
  usagePeriodDays: 90,
  pricePaise: 100,
  priceIsFrom: false,
  turnaroundDays: 7,
  milestoneSplit: [50, 50],
  visible: true,
};

/** The form's working copy: lists typed as text (one per line or comma-separated). */
interface Draft {
  readonly bio: string;
  readonly city: string;
  readonly niches: string;
  readonly languages: string;
  readonly portfolioLinks: string;
  readonly platforms: PlatformRequestDto[];
  readonly packages: RatePackageRequestDto[];
  readonly allowIndexing: boolean;
  readonly showTrackRecord: boolean;
}

function draftOf(kit: MediaKitDto): Draft {
  return {
    bio: kit.bio,
    city: kit.city,
    niches: kit.niches.join(', '),
    languages: kit.languages.join(', '),
    portfolioLinks: kit.portfolioLinks.join('\n'),
    platforms: kit.platforms.map(({ platform, handle, audience }) => ({
      platform,
      handle,
      audience: audience
        ? { followers: audience.followers, medianViews: audience.medianViews, note: audience.note }
        : null,
    })),
    packages: kit.packages.map((item) => ({ ...item })),
    allowIndexing: kit.allowIndexing,
    showTrackRecord: kit.showTrackRecord,
  };
}

const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

function requestOf(draft: Draft): MediaKitRequestDto {
  return {
    bio: draft.bio,
    city: draft.city,
    niches: splitList(draft.niches, /,/),
    languages: splitList(draft.languages, /,/),
    portfolioLinks: splitList(draft.portfolioLinks, /\n/),
    platforms: draft.platforms,
    packages: draft.packages,
    allowIndexing: draft.allowIndexing,
    showTrackRecord: draft.showTrackRecord,
  };
}

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (isErrorBody(error) && typeof error.errors === 'object' && error.errors !== null) {
    return error.errors as Record<string, string>;
  }
  return {};
}

const wholeNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

function PlatformFields({
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

function PackageFields({
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

function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

function KitForm({ kit }: { kit: MediaKitDto }) {
  const [draft, setDraft] = useState(() => draftOf(kit));
  const save = useSaveMediaKit();
  const errors = fieldErrorsOf(save.error);
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  const unusedPlatform = PLATFORMS.find(
    (item) => !draft.platforms.some((existing) => existing.platform === item.value),
  );
  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ body: requestOf(draft) });
      }}
    >
      <section aria-labelledby="about" className="grid gap-4 sm:grid-cols-2">
        <h2 id="about" className="text-lg font-semibold sm:col-span-2">
          About you
        </h2>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor="kit-bio" className="font-medium">
            Bio
          </label>
          <textarea
            id="kit-bio"
            rows={4}
            maxLength={600}
            className="rounded-lg border border-slate-400 bg-white p-3 dark:border-slate-500 dark:bg-slate-900"
            value={draft.bio}
            onChange={(event) => {
              set({ bio: event.target.value });
            }}
          />
          {errors.bio && <AlertText>{errors.bio}</AlertText>}
        </div>
        <TextField
          label="City"
          value={draft.city}
          onChange={(event) => {
            set({ city: event.target.value });
          }}
          error={errors.city}
        />
        <TextField
          label="Niches (comma-separated)"
          value={draft.niches}
          onChange={(event) => {
            set({ niches: event.target.value });
          }}
          error={errors.niches}
        />
        <TextField
          label="Languages (comma-separated)"
          value={draft.languages}
          onChange={(event) => {
            set({ languages: event.target.value });
          }}
          error={errors.languages}
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor="kit-links" className="font-medium">
            Portfolio links (up to 12, one per line, starting with https://)
          </label>
          <textarea
            id="kit-links"
            rows={4}
            className="rounded-lg border border-slate-400 bg-white p-3 font-mono text-sm dark:border-slate-500 dark:bg-slate-900"
            value={draft.portfolioLinks}
            onChange={(event) => {
              set({ portfolioLinks: event.target.value });
            }}
          />
          {Object.entries(errors)
            .filter(([field]) => field.startsWith('portfolioLinks'))
            .map(([field, message]) => (
              <AlertText key={field}>
                {field.replace(
                  /^portfolioLinks\[(\d+)\]$/,
                  (_, n: string) => `Link ${String(Number(n) + 1)}: `,
                )}
                {message}
              </AlertText>
            ))}
        </div>
      </section>

      <section aria-labelledby="platforms" className="flex flex-col gap-4">
        <h2 id="platforms" className="text-lg font-semibold">
          Platforms and audience
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your page shows these figures as self-reported, with the date you entered them.
        </p>
        {draft.platforms.map((platform, index) => (
          <PlatformFields
            key={platform.platform}
            value={platform}
            index={index}
            errors={errors}
            onChange={(next) => {
              set({ platforms: draft.platforms.map((item, at) => (at === index ? next : item)) });
            }}
            onRemove={() => {
              set({ platforms: draft.platforms.filter((_, at) => at !== index) });
            }}
          />
        ))}
        {unusedPlatform && (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              set({
                platforms: [...draft.platforms, { platform: unusedPlatform.value, handle: '' }],
              });
            }}
          >
            Add {unusedPlatform.label}
          </Button>
        )}
      </section>

      <section aria-labelledby="rate-card" className="flex flex-col gap-4">
        <h2 id="rate-card" className="text-lg font-semibold">
          Rate card
        </h2>
        {draft.packages.map((item, index) => (
          <PackageFields
            // A package has no id before its first save: until then its place is its identity.
            key={item.id ?? `new-${String(index)}`}
            value={item}
            index={index}
            count={draft.packages.length}
            errors={errors}
            onChange={(next) => {
              set({ packages: draft.packages.map((old, at) => (at === index ? next : old)) });
            }}
            onMove={(by) => {
              set({ packages: moved(draft.packages, index, by) });
            }}
            onRemove={() => {
              set({ packages: draft.packages.filter((_, at) => at !== index) });
            }}
          />
        ))}
        <Button
          variant="secondary"
          className="self-start"
          disabled={draft.packages.length >= 20}
          onClick={() => {
            set({ packages: [...draft.packages, { ...NEW_PACKAGE }] });
          }}
        >
          Add a package
        </Button>
      </section>

      <section aria-labelledby="visibility" className="flex flex-col gap-2">
        <h2 id="visibility" className="text-lg font-semibold">
          Visibility
        </h2>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.allowIndexing}
            onChange={(event) => {
              set({ allowIndexing: event.target.checked });
            }}
          />
          Let search engines list my page
        </label>
      </section>

      {save.isError && (
        <AlertText>{messageOf(save.error, 'Could not save your kit. Please try again.')}</AlertText>
      )}
      <p role="status">{save.isSuccess ? 'Saved' : ''}</p>
      <Button
        variant="primary"
        type="submit"
        className="self-start"
        pending={save.isPending}
        pendingLabel="Saving…"
      >
        Save
      </Button>
    </form>
  );
}

/** /creator/media-kit/edit: bio, links, platforms with audience figures, and the rate card. */
export function EditMediaKitPage() {
  const kit = useMediaKit();
  if (kit.isPending) return <LoadingIndicator label="Loading your media kit…" />;
  if (kit.isError) return <QueryProblem error={kit.error} what="your media kit" />;
  return (
    <div className="flex max-w-3xl flex-col gap-2">
      <PageHeader
        title="Edit your media kit"
        description="What brands see on your public page. Prices are in rupees; a package can be hidden from the page."
      />
      <KitForm kit={kit.data} />
    </div>
  );
}
