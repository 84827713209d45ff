/*
 * The build ships Chakra's global CSS as a stylesheet made by scripts/theme-css.ts (vite.config.ts,
 * chakraGlobalCssPrebuilt) and the system in the page leaves its `_global` empty. That text must be what
 * <ChakraProvider> would have had emotion insert: the same rules as emotion's own <Global> renders for the system,
 * the layer order first, every token's variable in both modes, the app's global styles.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSystem } from '@/app/theme';
import { themeGlobalCss } from '../../scripts/theme-css';

const system = getSystem();
const css = themeGlobalCss();

/** The rules emotion's <Global> writes for `styles`, rendered on the server (a fresh cache: nothing inserted yet). */
function globalRules(styles: unknown): string {
  const cache = createCache({ key: 'css' });
  const html = renderToString(createElement(CacheProvider, { value: cache }, createElement(Global, { styles: styles as never })));
  const m = /<style[^>]*>([\s\S]*)<\/style>/.exec(html);
  if (!m) throw new Error(`no style element in ${html.slice(0, 200)}`);
  return m[1];
}

describe('Chakra global CSS made at build time (scripts/theme-css.ts)', () => {
  it('is the rules <ChakraProvider> has emotion insert: the layer order, then reset, base and tokens', () => {
    expect(css).toBe(`${globalRules(system.layers.atRule)}\n${globalRules(system._global)}\n`);
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    for (const layer of ['reset', 'base', 'tokens']) expect(css).toContain(`@layer ${layer}{`);
  });

  it("carries the app's tokens in both modes and its global styles", () => {
    expect(css).toContain('--chakra-colors-brand-600:#1d5696');
    // bg.panel: white by day, #15181e at night (the `dark` class on <html>)
    expect(css).toMatch(/\.dark [^{]*\{[^}]*--chakra-colors-bg-panel:#15181e/);
    expect(css).toContain('#root{min-height:100dvh;}');
  });

  it('the patch the build applies still matches the package (a Chakra update is checked by hand)', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@chakra-ui/react/dist/esm/styled-system/system.js'), 'utf8');
    expect(source).toContain('  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    const config = readFileSync(path.resolve(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    expect(config).toContain("const FROM = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';");
  });
});
