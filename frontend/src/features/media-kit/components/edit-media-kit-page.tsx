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
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { isErrorBody, messageOf } from '@/lib/api-error';
import { useMediaKit, useSaveMediaKit } from '../api/media-kit-queries';
import { PackageFields, PlatformFields } from './kit-fields';
import { moved, PLATFORMS, splitList } from './kit-options';
import { TrackRecordConsent } from './track-record-consent';

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
        <TrackRecordConsent
          checked={draft.showTrackRecord}
          onChange={(showTrackRecord) => {
            set({ showTrackRecord });
          }}
        />
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
