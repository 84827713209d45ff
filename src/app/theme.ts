import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
// Chakra's theme pieces imported one module each (alias '@chakra-theme/*' in vite.config.ts and tsconfig.json): the
// '@chakra-ui/react/theme' index imports every recipe of the library, which then all count as first-page code, even
// those only the on-demand chunks use.
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss as chakraGlobalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { animationStyles } from '@chakra-theme/motion-styles';
import { textStyles } from '@chakra-theme/text-styles';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { collapsibleSlotRecipe } from '@chakra-theme/recipes/collapsible';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { segmentGroupSlotRecipe } from '@chakra-theme/recipes/segment-group';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';

/** What '@chakra-ui/react/theme' builds from the modules above (tests/unit/recipes.test.ts compares the two). */
export const chakraTokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};
export const chakraSemanticTokens = { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii };
const cssVarsPrefix = 'chakra';
const cssVarsRoot = ':where(html, .chakra-theme)';

/**
 * Chakra's tokens with only the recipes of the components the first page shows (Chakra's bundle-optimisation
 * guide): `defaultConfig` carries every recipe of the library, over 100 KB gzipped in the first page's JavaScript.
 * A component added to the first page needs its recipe added here. Components that load later (on demand or with
 * their screen: menus, popovers, drawers, dialogs, tooltips, toasts, the date picker, tables, selects, text areas)
 * pass their recipe on their root instead (`<Menu.Root recipe={menuSlotRecipe}>`), so it loads with them;
 * tests/unit/recipes.test.ts checks that each use does.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: chakraGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: chakraTokens,
    semanticTokens: chakraSemanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
    },
  },
});

/**
 * Lebuhraya Ops look: a navy control-room chrome, white work surfaces, amber accents (road markings), and
 * clear status colours (green on shift, blue upcoming, grey ended, red alerts). The night theme (issue #30) is Chakra's
 * dark mode: the `dark` class on <html> (src/lib/color-mode.ts) switches every semantic token to its `_dark` value;
 * screens use semantic tokens for surfaces, text and borders (docs/development.md, "Colours and the night theme").
 */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4fb' },
          100: { value: '#d6e4f5' },
          200: { value: '#adc8ea' },
          300: { value: '#7ea6da' },
          400: { value: '#4f82c6' },
          500: { value: '#2a6bb5' },
          600: { value: '#1d5696' },
          700: { value: '#184679' },
          800: { value: '#13365e' },
          900: { value: '#0b2545' },
          950: { value: '#071a31' },
        },
        amber: {
          50: { value: '#fff8e6' },
          100: { value: '#ffedbf' },
          200: { value: '#ffdf8a' },
          300: { value: '#ffd054' },
          400: { value: '#f8c22a' },
          500: { value: '#f4b400' },
          600: { value: '#cc9400' },
          700: { value: '#9e7200' },
          800: { value: '#6e4f00' },
          900: { value: '#402e00' },
          950: { value: '#261b00' },
        },
      },
      fonts: {
        heading: { value: `"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif` },
        body: { value: `"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif` },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          // headings and strong text in the brand's navy (light) or its palest blue (night)
          ink: { value: { _light: '{colors.brand.900}', _dark: '{colors.brand.100}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          solid: { value: '{colors.brand.600}' },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.300}' } },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        amber: {
          contrast: { value: '{colors.brand.950}' },
          fg: { value: { _light: '{colors.amber.700}', _dark: '{colors.amber.300}' } },
          subtle: { value: { _light: '{colors.amber.50}', _dark: '{colors.amber.950}' } },
          muted: { value: { _light: '{colors.amber.100}', _dark: '{colors.amber.900}' } },
          emphasized: { value: { _light: '{colors.amber.200}', _dark: '{colors.amber.800}' } },
          solid: { value: '{colors.amber.500}' },
          focusRing: { value: '{colors.amber.500}' },
          border: { value: '{colors.amber.500}' },
        },
        // the navy chrome (top bar, side menu, drawers' heads): navy in both modes, deeper at night
        chrome: {
          bg: { value: { _light: '{colors.brand.900}', _dark: '{colors.brand.950}' } },
          bgHover: { value: 'rgba(255,255,255,0.08)' },
          bgActive: { value: 'rgba(255,255,255,0.14)' },
          fg: { value: '#e8eef7' },
          muted: { value: '#9fb3cc' },
          border: { value: 'rgba(255,255,255,0.10)' },
        },
        surface: {
          page: { value: { _light: '#f3f5f9', _dark: '#0b0d11' } },
          // behind a map's tiles (while they load, or offline without them)
          map: { value: { _light: '#e9ecef', _dark: '#1b2029' } },
        },
        // the cards and panels on the page: a shade above the page at night
        bg: {
          panel: { value: { _light: '{colors.white}', _dark: '#15181e' } },
        },
        // the focus ring of every control without a colour palette of its own (Chakra's default gray.400 is 2.5:1
        // on white, under the 3:1 a focus indicator needs; brand.500 is 5.4:1)
        gray: {
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.300}' } },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'surface.page', color: 'fg' },
    // the browser's own parts (scroll bars, form controls, autofill) follow the mode; print is always light
    html: { colorScheme: 'light' },
    'html.dark': { colorScheme: 'dark' },
    '#root': { minHeight: '100dvh' },
    // Visible keyboard focus everywhere (issue #19): anything focused from the keyboard without a ring of its own
    // (links, plain buttons, menu rows, tabindex boxes) gets a 2 px ring instead of the browser's thin dark one. In
    // the base layer, so component recipes and `_focusVisible` props still win.
    '*:focus-visible': {
      outlineStyle: 'solid',
      outlineWidth: '2px',
      outlineColor: 'colorPalette.focusRing',
      outlineOffset: '2px',
    },
    // the navy chrome (top bar, side menu, the menu drawer): amber rings, 9:1 on navy
    'header, nav': { '--chakra-colors-color-palette-focus-ring': 'colors.amber.400' },
    // text boxes and selects: their ring inside the border is 2 px, not 1
    'input, select, textarea': { '--focus-ring-width': '2px' },
    // radio and checkbox cards: the focus sits on a hidden input, the card shows it
    '.chakra-radio-card__item[data-focus-visible], .chakra-checkbox-card__root[data-focus-visible]': {
      outlineStyle: 'solid',
      outlineWidth: '2px',
      outlineColor: 'colorPalette.focusRing',
      outlineOffset: '2px',
    },
  },
});

let made: ReturnType<typeof createSystem> | undefined;

/**
 * The Chakra system, made on first use: its tokens, conditions and CSS variables take a tablet's CPU a long while
 * (about 180 ms at Lighthouse's 4× slowdown), and made while the first page's modules evaluated they lengthened that
 * task; src/main.tsx makes it in a task of its own before the first render.
 */
export const getSystem = () => (made ??= createSystem(defaultBaseConfig, chakraTheme, config));
