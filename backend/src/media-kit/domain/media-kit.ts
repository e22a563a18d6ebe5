import { checkDealText, type Platform, PLATFORMS } from '../../deals/deals.contract.js';
import type { Handle } from './handle.js';
import { InvalidMediaKitError } from './media-kit.errors.js';
import {
  MAX_PACKAGES,
  parseRatePackage,
  type RatePackage,
  type RatePackageInput,
} from './rate-package.js';

export const KIT_LIMITS = {
  bio: 600,
  city: 60,
  tag: 40,
  maxNiches: 8,
  maxLanguages: 8,
  maxPortfolioLinks: 12,
  url: 500,
  platformHandle: 60,
  audienceNote: 200,
  maxFollowers: 2_000_000_000,
} as const;

/** Where audience figures come from: what the creator typed, or a platform's API. */
export const AUDIENCE_SOURCES = ['self-reported', 'verified'] as const;
export type AudienceSource = (typeof AUDIENCE_SOURCES)[number];

export interface AudienceFigures {
  readonly followers: number;
  /** Median reach or views of recent posts. */
  readonly medianViews: number;
  /** The audience split in the creator's words, e.g. "64% women, mostly 18–34, Mumbai". */
  readonly note: string;
  readonly source: AudienceSource;
  /** When the creator typed them (self-reported) or the platform reported them (verified). */
  readonly asOf: Date;
}

export interface PlatformPresence {
  readonly platform: Platform;
  readonly handle: string;
  readonly audience?: AudienceFigures;
}

/** What the creator edits: everything but the handle, the publication and the timestamps. */
export interface KitContent {
  readonly bio: string;
  readonly niches: readonly string[];
  readonly languages: readonly string[];
  readonly city: string;
  readonly portfolioLinks: readonly string[];
  readonly platforms: readonly PlatformPresence[];
  readonly packages: readonly RatePackage[];
  /** Search engines may index the public page (otherwise it says noindex). */
  readonly allowIndexing: boolean;
  /** The page shows Paylock's track record (counts from the deals and the ledger). */
  readonly showTrackRecord: boolean;
}

export interface MediaKit extends KitContent {
  readonly creatorId: string;
  readonly handle?: Handle;
  readonly published: boolean;
  readonly updatedAt: Date;
}

export const EMPTY_KIT_CONTENT: KitContent = {
  bio: '',
  niches: [],
  languages: [],
  city: '',
  portfolioLinks: [],
  platforms: [],
  packages: [],
  allowIndexing: false,
  showTrackRecord: false,
};

/** What the creator submits; checked field by field. */
export interface KitContentInput {
  readonly bio?: unknown;
  readonly niches?: unknown;
  readonly languages?: unknown;
  readonly city?: unknown;
  readonly portfolioLinks?: unknown;
  readonly platforms?: unknown;
  readonly packages?: unknown;
  readonly allowIndexing?: unknown;
  readonly showTrackRecord?: unknown;
}

interface PresenceInput {
  readonly platform?: unknown;
  readonly handle?: unknown;
  readonly audience?: {
    readonly followers?: unknown;
    readonly medianViews?: unknown;
    readonly note?: unknown;
  } | null;
}

/**
 * A portfolio link the public page may show: an absolute http(s) URL with a host, nothing that
 * runs (javascript:) or embeds (data:), no credentials. Returns the URL as parsed, or undefined.
 */
export function safePortfolioUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > KIT_LIMITS.url) return undefined;
  if (/[\p{Cc}\p{Cf}\s]/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function tags(
  field: string,
  value: unknown,
  max: number,
  problems: Record<string, string>,
): string[] {
  if (value !== undefined && !Array.isArray(value)) problems[field] = `${field} must be a list`;
  const items = list(value);
  if (items.length > max) problems[field] = `At most ${String(max)} ${field}`;
  const texts = items.map((item, index) => {
    const checked = checkDealText(field, item, { max: KIT_LIMITS.tag, required: true });
    if (checked.problem) problems[`${field}[${String(index)}]`] ??= checked.problem;
    return checked.text;
  });
  return [...new Set(texts)];
}

function figure(value: unknown, field: string, problems: Record<string, string>): number {
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= KIT_LIMITS.maxFollowers
  ) {
    return value;
  }
  problems[field] ??=
    `${field.split('.').at(-1) ?? field} must be a whole number from 0 to ${String(KIT_LIMITS.maxFollowers)}`;
  return 0;
}

function presence(
  input: PresenceInput,
  at: string,
  problems: Record<string, string>,
  now: Date,
  previous: readonly PlatformPresence[],
): PlatformPresence {
  const platform = PLATFORMS.find((known) => known === input.platform);
  if (!platform) problems[`${at}.platform`] = `platform must be one of ${PLATFORMS.join(', ')}`;
  const handle = checkDealText('handle', input.handle, {
    max: KIT_LIMITS.platformHandle,
    required: true,
  });
  if (handle.problem) problems[`${at}.handle`] = handle.problem;
  const base = { platform: platform ?? 'other', handle: handle.text.replace(/^@/, '') };
  if (!input.audience) return base;
  const followers = figure(input.audience.followers, `${at}.audience.followers`, problems);
  const medianViews = figure(input.audience.medianViews, `${at}.audience.medianViews`, problems);
  const note = checkDealText('note', input.audience.note ?? '', {
    max: KIT_LIMITS.audienceNote,
    required: false,
  });
  if (note.problem) problems[`${at}.audience.note`] = note.problem;
  const before = previous.find((known) => known.platform === base.platform)?.audience;
  const unchanged =
    before?.followers === followers &&
    before.medianViews === medianViews &&
    before.note === note.text;
  return {
    ...base,
    audience: {
      followers,
      medianViews,
      note: note.text,
      source: 'self-reported',
      // The date a figure was entered: kept while the creator leaves the figures as they were.
      asOf: unchanged ? before.asOf : now,
    },
  };
}

/**
 * The kit as submitted, checked: every problem at once, keyed by field path, in one
 * InvalidMediaKitError. Audience figures are marked self-reported, dated when first entered.
 */
export function parseKitContent(
  input: KitContentInput,
  now: Date,
  previous: KitContent,
  newPackageId: () => string,
): KitContent {
  const problems: Record<string, string> = {};
  const bio = checkDealText('bio', input.bio ?? '', {
    max: KIT_LIMITS.bio,
    required: false,
    multiline: true,
  });
  if (bio.problem) problems.bio = bio.problem;
  const city = checkDealText('city', input.city ?? '', { max: KIT_LIMITS.city, required: false });
  if (city.problem) problems.city = city.problem;
  const links = list(input.portfolioLinks);
  if (links.length > KIT_LIMITS.maxPortfolioLinks) {
    problems.portfolioLinks = `At most ${String(KIT_LIMITS.maxPortfolioLinks)} portfolio links`;
  }
  const portfolioLinks = links.map((link, index) => {
    const safe = safePortfolioUrl(link);
    if (!safe)
      problems[`portfolioLinks[${String(index)}]`] =
        'Enter a full web address starting with https:// or http://';
    return safe ?? '';
  });
  const platforms = list(input.platforms).map((item, index) =>
    presence(
      item as PresenceInput,
      `platforms[${String(index)}]`,
      problems,
      now,
      previous.platforms,
    ),
  );
  if (new Set(platforms.map((item) => item.platform)).size !== platforms.length) {
    problems.platforms = 'Each platform can be listed once';
  }
  const packageInputs = list(input.packages);
  if (packageInputs.length > MAX_PACKAGES)
    problems.packages = `At most ${String(MAX_PACKAGES)} packages`;
  const knownIds = new Set(previous.packages.map((item) => item.id));
  const packages = packageInputs.map((item, index) => {
    const given = (item as RatePackageInput).id;
    const id = typeof given === 'string' && knownIds.has(given) ? given : newPackageId();
    return parseRatePackage(item as RatePackageInput, `packages[${String(index)}]`, problems, id);
  });
  const content: KitContent = {
    bio: bio.text,
    niches: tags('niches', input.niches, KIT_LIMITS.maxNiches, problems),
    languages: tags('languages', input.languages, KIT_LIMITS.maxLanguages, problems),
    city: city.text,
    portfolioLinks,
    platforms,
    packages,
    allowIndexing: input.allowIndexing === true,
    showTrackRecord: input.showTrackRecord === true,
  };
  if (Object.keys(problems).length > 0) throw new InvalidMediaKitError(problems);
  return content;
}

/** The packages a visitor sees, in the creator's order. */
export function publicPackages(kit: KitContent): readonly RatePackage[] {
  return kit.packages.filter((item) => item.visible);
}

export type { Handle };
