/**
 * Draws the Open Graph image (public/og-image.jpg, 1200 × 630) from the brand's name and tagline,
 * with the system Chromium. Run it again after changing the brand: `node scripts/render-og-image.ts`.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { chromium } from '@playwright/test';
import path from 'node:path';
import { brand } from '../src/config/brand.ts';
import { escapeHtml } from './html.ts';

const WIDTH = 1200;
const HEIGHT = 630;
const output = path.resolve(import.meta.dirname, '../public/og-image.jpg');

const promises = ['Milestone payments', 'Legal contracts', 'Guaranteed, upfront payouts'];

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#312e81"/>
      <stop offset="1" stop-color="#6d28d9"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="1060" cy="90" r="220" fill="#ffffff" opacity="0.06"/>
  <circle cx="1130" cy="560" r="160" fill="#ffffff" opacity="0.05"/>
  <g transform="translate(90 110) scale(3.4)">
    <rect width="32" height="32" rx="9" fill="#ffffff"/>
    <path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#4f46e5" stroke-width="2.5" stroke-linecap="round"/>
    <rect x="8" y="14" width="16" height="11" rx="3" fill="#4f46e5"/>
    <path d="m12.5 19.5 2.5 2.5 4.5-5" fill="none" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <text x="240" y="200" font-family="Inter, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-size="96" font-weight="800" fill="#ffffff">${escapeHtml(brand.name)}</text>
  <text x="90" y="330" font-family="Inter, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escapeHtml(brand.tagline)}</text>
  <text x="90" y="420" font-family="Inter, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-size="30" fill="#e0e7ff">${escapeHtml(promises.join(' · '))}</text>
  <text x="90" y="540" font-family="Inter, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-size="30" font-weight="600" fill="#c7d2fe">1,000 early-access slots for trusted creators · Join the waitlist</text>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  await page.screenshot({ path: output, type: 'jpeg', quality: 88 });
  console.log(`wrote ${path.relative(process.cwd(), output)}`);
} finally {
  await browser.close();
}
