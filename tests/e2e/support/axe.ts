/**
 * The browser tests' accessibility check: axe-core's serious and critical findings (WCAG 2.0/2.1 A and AA, colour
 * contrast included, and label-content-name-mismatch, WCAG 2.5.3, which axe leaves off by default) on the page or a
 * part of it, one line each, with the colours axe measured for a contrast finding (to fix it without guessing).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousFindings(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode(true);
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        const d = n.any.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = d?.fgColor ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}` : '';
        return `${v.id}: ${n.target.map(String).join(' ').slice(0, 80)}${colours} | ${n.html.slice(0, 140)}`;
      }),
    );
}
