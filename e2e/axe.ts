/**
 * axe-core (through `@axe-core/playwright`) with the WCAG 2.1 A and AA rules, as issue 35 §1
 * asks: `axeViolations` scans the page (or one part of it) and answers each violation as one
 * readable line per element: rule id, the element's selector and axe's help text (for colour
 * contrast also the measured ratio and colours), so a failing assertion says what to fix and where.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Every WCAG 2.1 A/AA violation on `page`, as `rule-id  target  help` lines.
 * `include`: a CSS selector to scan only that part (an open dialog); the whole page otherwise.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([...wcagTags]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const line = `${violation.id}  ${node.target.join(' ')}  ${violation.help}`;
      // For colour contrast, axe's measure (ratio, colours, size) says by how much it misses.
      const measured = violation.id === 'color-contrast' ? detail(node.failureSummary) : '';
      return measured ? `${line}: ${measured}` : line;
    }),
  );
}

/** The first reason line of axe's failure summary (`Fix any of the following:` dropped). */
function detail(summary: string | undefined): string {
  return (
    summary
      ?.split('\n')
      .map((line) => line.trim())
      .find((line) => line && !line.endsWith(':')) ?? ''
  );
}
