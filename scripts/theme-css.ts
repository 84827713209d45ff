/**
 * The Chakra system's global CSS (its reset, the app's global styles and every token's CSS variable, light and night),
 * as the browser would get it from `<ChakraProvider>`: the same objects (`system._global`), serialised and compiled by
 * emotion exactly as its `<Global>` does. The client build imports this text as a stylesheet instead of making it on
 * every start (vite.config.ts, chakraGlobalCssPrebuilt, which bundles this module with rolldown and runs it in Node);
 * tests/unit/theme-css.test.ts checks it against what emotion's `<Global>` renders for the system.
 */
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { getSystem } from '../src/app/theme';

export function themeGlobalCss(): string {
  const system = getSystem();
  // emotion's server build: insert() returns the compiled rules of a Global (selector '', not cached)
  const cache = createCache({ key: 'css' });
  const compile = (styles: unknown) =>
    cache.insert('', serializeStyles([styles as never], cache.registered), cache.sheet, false) as unknown as string;
  // the layer order first (ChakraProvider's first Global), then the reset, base and tokens layers
  return `${compile(system.layers.atRule)}\n${compile(system._global)}\n`;
}
