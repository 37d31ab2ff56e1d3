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
 * The axe rules whose outcome depends on the theme's colours: `color-contrast` (text against
 * its background, 4.5:1 or 3:1 for large text) and `link-in-text-block` (a link told from the
 * text around it). Every other WCAG 2.1 A/AA rule reads the page's structure (names, roles,
 * labels, order), which is the same in each theme: the themes change only colours
 * (src-renderer/styles/global.css, `[data-theme]`).
 */
export const colourRules = ['color-contrast', 'link-in-text-block'] as const;

/** Which of axe's WCAG 2.1 A/AA rules one scan runs. */
export type AxeRules =
  /** Every rule of {@link wcagTags}. */
  | 'all'
  /** Only {@link colourRules}: a theme other than the one every rule ran in. */
  | 'colours';

/**
 * Every WCAG 2.1 A/AA violation on `page`, as `rule-id  target  help` lines.
 * `include`: a CSS selector to scan only that part (an open dialog); the whole page otherwise.
 * `rules`: which rules run ({@link AxeRules}; all of them unless told).
 */
export async function axeViolations(
  page: Page,
  include?: string,
  rules: AxeRules = 'all',
): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  builder =
    rules === 'colours' ? builder.withRules([...colourRules]) : builder.withTags([...wcagTags]);
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

/**
 * In the OS's forced colours, axe's `color-contrast` rule is wrong: it takes the text's colour
 * from the page's own stylesheet (`-webkit-text-fill-color`, which forced colours do not
 * change) but the background from the forced one (axe-core issue 3978, open; e.g. "#04121f on
 * #000000" for a button the browser draws white on black). There the OS picks both colours, and
 * this checks what it drew instead:
 * every visible button, field and link whose text the browser draws in the
 * same colour as its own background: `tag.class  color on background` lines (empty when the
 * OS's colours hold everywhere). Computed styles there are the forced ones.
 */
export function forcedColourClashes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, a')]
      .filter((element) => element.offsetParent !== null)
      .flatMap((element) => {
        const style = getComputedStyle(element);
        const background = style.backgroundColor;
        const opaque = !/rgba\(.*,\s*0\)$/.test(background) && background !== 'transparent';
        return opaque && style.color === background
          ? [
              `${element.tagName.toLowerCase()}.${element.className}  ${style.color} on ${background}`,
            ]
          : [];
      }),
  );
}
