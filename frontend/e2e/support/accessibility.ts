import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA, plus axe's best practices. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeScope {
  /** Only inside this CSS selector. */
  include?: string;
  exclude?: string;
  /** false leaves frames out (a sandboxed frame with no script cannot run axe). */
  frames?: boolean;
}

/**
 * What axe-core finds on the page as it is now (or only inside `include`, without `exclude`), as a
 * readable list: rule, impact, help, then the offending elements.
 */
export async function accessibilityViolations(
  page: Page,
  options: AxeScope = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(RULE_TAGS);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  // Only violations are read: axe skips the details of what passed (much faster on a big page).
  // A frame sandboxed without scripts (a contract preview) cannot run axe: check its page only.
  builder = builder.options({
    resultTypes: ['violations'],
    ...(options.frames === false && { iframes: false }),
  });
  // With no frame to combine results from, axe runs in the page at once (the frame-by-frame mode
  // opens a blank page for each run to merge them).
  if (options.frames === false || page.frames().length === 1) builder = builder.setLegacyMode(true);
  await endAnimations(page);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
}

/**
 * Ends the page's CSS transitions and animations that have an end (a theme's colours, a dialog's
 * fade) at once, as they are drawn a frame later: axe reads colours as they are now. A 0.01 ms
 * transition (reduced motion) waits for the page's next frame, which a page of several in a test
 * may not draw: a brand's page switched to the dark theme kept its light colours for the rest of
 * the test (its transitions stood at 0 ms) and failed a contrast check. Endless animations and
 * the toasts' progress bars (whose end closes them) run on.
 */
async function endAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const { effect } = animation;
      const target = effect instanceof KeyframeEffect ? effect.target : null;
      if (effect?.getComputedTiming().endTime === Infinity || target?.closest('.Toastify'))
        continue;
      animation.finish();
    }
  });
}

/** Fails with the readable list when axe-core finds any violation on the page as it is now. */
export async function expectNoAccessibilityViolations(
  page: Page,
  options: AxeScope = {},
): Promise<void> {
  expect(
    await accessibilityViolations(page, options),
    `axe-core violations on ${page.url()}`,
  ).toEqual([]);
}

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * axe finds nothing on the page as it is now, in the light and dark themes, on a laptop and on a
 * phone; the page is left light, at laptop width.
 */
export async function expectAccessibleInBothThemesAndWidths(page: Page): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveClass(colorScheme);
      await expectNoAccessibilityViolations(page);
    }
  }
  await page.setViewportSize(WIDTHS[0]);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}
