import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A and AA rules on the page (or the part `only` names): each violation on
 * one line per node, with the rule, impact, target and what to fix. A screenshot goes to
 * .reports for a person to judge the palette too: axe checks contrast, not whether it looks right.
 */
export async function expectNoViolations(page: Page, screen: string, only?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (only ? builder.include(only) : builder).analyze();
  const lines = violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact ?? 'n/a'}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
  await page.screenshot({
    path: `.reports/a11y-${screen
      .replace(/[^a-z]+/gi, '-')
      .replace(/-$/, '')
      .toLowerCase()}.png`,
  });
  expect(lines, `${screen}: ${lines.length} failing nodes\n${lines.join('\n')}`).toEqual([]);
}
