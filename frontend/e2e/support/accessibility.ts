import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA, plus axe's best practices. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails with a readable list (rule, impact, offending elements) when axe-core finds any violation
 * on the page as it is now, or only inside `include` (a CSS selector) when given, without
 * `exclude`; `frames: false` leaves frames out (a sandboxed frame with no script cannot run axe).
 */
export async function expectNoAccessibilityViolations(
  page: Page,
  options: { include?: string; exclude?: string; frames?: boolean } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(RULE_TAGS);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  // A frame sandboxed without scripts (a contract preview) cannot run axe: check its page only.
  if (options.frames === false) builder = builder.options({ iframes: false }).setLegacyMode(true);
  const { violations } = await builder.analyze();
  const readable = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect(readable, `axe-core violations on ${page.url()}`).toEqual([]);
}
