import { createHash } from 'node:crypto';
import { escapeHtml } from '../../common/domain/escape-html.js';
import { formatRupees } from '../../deals/deals.contract.js';
import type { PublicMediaKit } from '../application/public-media-kit.use-case.js';
import { type PlatformPresence, safePortfolioUrl } from '../domain/media-kit.js';
import type { RatePackage } from '../domain/rate-package.js';
import { trackRecordHtml } from './track-record.html.js';

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  other: 'Other',
};

/** Small, inline, both themes: the page needs no other request to paint. */
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--card:#f3f4f6;--accent:#4338ca}
@media (prefers-color-scheme:dark){:root{--bg:#0b1020;--fg:#f9fafb;--muted:#d1d5db;--card:#1f2937;--accent:#a5b4fc}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.75rem;margin:.25rem 0}h2{font-size:1.25rem;margin:2rem 0 .5rem}
p,li,dd{color:var(--muted)}a{color:var(--accent)}ul.tags{display:flex;flex-wrap:wrap;gap:.5rem;padding:0;list-style:none}
ul.tags li{background:var(--card);border-radius:999px;padding:.125rem .75rem;color:var(--fg)}
.card{background:var(--card);border-radius:.75rem;padding:1rem;margin:.75rem 0}.card h3{margin:0 0 .25rem;font-size:1.05rem}
.price{font-weight:700;color:var(--fg)}img.avatar{border-radius:50%;width:72px;height:72px}
small{color:var(--muted)}footer{margin-top:3rem;font-size:.875rem;color:var(--muted)}ul.cards{list-style:none;padding:0}`;

/**
 * The page's own policy: its one inline style by hash, images from this origin (a photo uploaded
 * to Paylock) or https (the Google account's photo), no script at all, no framing.
 */
export const MEDIA_KIT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' https:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where Paylock serves a photo uploaded to it (the profile-photos module): this page's origin. */
const OWN_PHOTO_PATH = /^\/api\/v1\/profile-photos\/[^/?#]+\/[\w-]+$/;

interface PagePhoto {
  /** For the <img>: a path on this page's origin, or an https address. */
  readonly src: string;
  /** For og:image: always absolute (link previews fetch it from elsewhere). */
  readonly absolute: string;
}

/**
 * The account's photo as the page shows it: one uploaded to Paylock by its path (img-src 'self',
 * whatever scheme PUBLIC_URL has) with an absolute og:image on PUBLIC_URL; another only over https.
 */
function pagePhotoOf(photoUrl: string | null, publicBase: string): PagePhoto | undefined {
  const safe = safePortfolioUrl(photoUrl);
  if (!safe) return undefined;
  const ownPath = safe.startsWith(`${publicBase}/`) ? safe.slice(publicBase.length) : undefined;
  if (ownPath !== undefined && OWN_PHOTO_PATH.test(ownPath)) {
    return { src: ownPath, absolute: `${publicBase}${ownPath}` };
  }
  return safe.startsWith('https:') ? { src: safe, absolute: safe } : undefined;
}

function platformName(platform: string): string {
  return PLATFORM_NAMES[platform] ?? platform;
}

function audienceHtml(item: PlatformPresence): string {
  const audience = item.audience;
  if (!audience) return '';
  const source =
    audience.source === 'verified'
      ? 'verified'
      : `self-reported on ${audience.asOf.toISOString().slice(0, 10)}`;
  return `<p>${audience.followers.toLocaleString('en-IN')} followers · median ${audience.medianViews.toLocaleString('en-IN')} views${
    audience.note ? ` · ${escapeHtml(audience.note)}` : ''
  } <small>(${source})</small></p>`;
}

function platformsHtml(platforms: readonly PlatformPresence[]): string {
  if (platforms.length === 0) return '';
  const cards = platforms
    .map(
      (item) =>
        `<li class="card"><h3>${platformName(item.platform)} · @${escapeHtml(item.handle)}</h3>${audienceHtml(item)}</li>`,
    )
    .join('');
  return `<h2>Audience</h2><ul class="cards">${cards}</ul>`;
}

function priceText(item: RatePackage): string {
  return `${item.priceIsFrom ? 'from ' : ''}${formatRupees(item.pricePaise)}`;
}

/** The web app's request form for a package (features/media-kit): a plain link, no script. */
export function requestPathOf(handle: string, packageId: string): string {
  return `/media-kit/${encodeURIComponent(handle)}/request/${encodeURIComponent(packageId)}`;
}

function packagesHtml(packages: readonly RatePackage[], handle: string): string {
  if (packages.length === 0) return '';
  const cards = packages
    .map(
      (item) => `<li class="card"><h3>${escapeHtml(item.title)}</h3>
<p>${String(item.quantity)} × ${escapeHtml(item.kind)} on ${platformName(item.platform)} · delivered in ${String(item.turnaroundDays)} days</p>
<p>Usage: ${escapeHtml(item.usageRights)}${item.usagePeriodDays > 0 ? ` for ${String(item.usagePeriodDays)} days` : ''}</p>
<p>Payment in milestones: ${item.milestoneSplit.map(String).join(' / ')}%</p>
<p class="price">${priceText(item)}</p>
<p><a href="${escapeHtml(requestPathOf(handle, item.id))}">Request this package</a></p></li>`,
    )
    .join('');
  return `<h2>Rate card</h2><ul class="cards">${cards}</ul>`;
}

function portfolioHtml(links: readonly string[]): string {
  if (links.length === 0) return '';
  const items = links
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link)}" rel="nofollow noopener noreferrer" target="_blank">${escapeHtml(link)}</a></li>`,
    )
    .join('');
  return `<h2>Portfolio</h2><ul>${items}</ul>`;
}

function tagsHtml(label: string, values: readonly string[]): string {
  if (values.length === 0) return '';
  return `<h2>${label}</h2><ul class="tags">${values.map((value) => `<li>${escapeHtml(value)}</li>`).join('')}</ul>`;
}

/**
 * The public media kit as a complete HTML document: readable without JavaScript, Open Graph
 * tags for link previews, `noindex` unless the creator allowed indexing, portfolio links that
 * pass no ranking and no opener.
 */
export function renderMediaKitPage(page: PublicMediaKit, publicUrl: string): string {
  const name = escapeHtml(page.creator.displayName);
  const publicBase = publicUrl.replace(/\/$/, '');
  const url = `${publicBase}/@${page.handle}`;
  const description = escapeHtml(
    page.kit.bio.slice(0, 200) || `${page.creator.displayName}'s media kit and rate card`,
  );
  const photo = pagePhotoOf(page.creator.photoUrl, publicBase);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} (@${page.handle}) · Media kit</title>
<meta name="description" content="${description}">
${page.kit.allowIndexing ? '' : '<meta name="robots" content="noindex, nofollow">\n'}<link rel="canonical" href="${escapeHtml(url)}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${name} · Media kit">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeHtml(url)}">
${photo ? `<meta property="og:image" content="${escapeHtml(photo.absolute)}">\n` : ''}<meta name="twitter:card" content="summary">
<style>${STYLE}</style></head>
<body><main>
<header>${photo ? `<img class="avatar" src="${escapeHtml(photo.src)}" alt="" width="72" height="72">` : ''}
<h1>${name}</h1><p>@${page.handle}${page.kit.city ? ` · ${escapeHtml(page.kit.city)}` : ''}</p></header>
${page.kit.bio ? `<p>${escapeHtml(page.kit.bio).replace(/\n/g, '<br>')}</p>` : ''}
${tagsHtml('Niches', page.kit.niches)}
${tagsHtml('Languages', page.kit.languages)}
${platformsHtml(page.platforms)}
${packagesHtml(page.packages, page.handle)}
${trackRecordHtml(page.trackRecord)}
${portfolioHtml(page.kit.portfolioLinks)}
<footer>Deals with ${name} are signed and paid in milestones through Paylock.</footer>
</main></body></html>`;
}

/** The one answer for any handle without a public page. */
export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Not found · Paylock</title><style>${STYLE}</style></head>
<body><main><h1>No media kit here</h1><p>There is no public media kit at this address.</p></main></body></html>`;
}
