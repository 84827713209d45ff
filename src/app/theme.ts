import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss as chakraGlobalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's tokens with only the recipes of the components this app uses (Chakra's bundle-optimisation guide):
 * `defaultConfig` carries every recipe of the library, over 100 KB gzipped in the first page's JavaScript.
 * A component added to the app needs its recipe added here.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: chakraGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/**
 * Lebuhraya Ops look: a navy control-room chrome, white work surfaces, amber accents (road markings), and
 * clear status colours (green on shift, blue upcoming, grey ended, red alerts). Light mode only.
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
          fg: { value: '{colors.brand.700}' },
          subtle: { value: '{colors.brand.50}' },
          muted: { value: '{colors.brand.100}' },
          emphasized: { value: '{colors.brand.200}' },
          solid: { value: '{colors.brand.600}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
        amber: {
          contrast: { value: '{colors.brand.950}' },
          fg: { value: '{colors.amber.700}' },
          subtle: { value: '{colors.amber.50}' },
          muted: { value: '{colors.amber.100}' },
          emphasized: { value: '{colors.amber.200}' },
          solid: { value: '{colors.amber.500}' },
          focusRing: { value: '{colors.amber.500}' },
          border: { value: '{colors.amber.500}' },
        },
        chrome: {
          bg: { value: '{colors.brand.900}' },
          bgHover: { value: 'rgba(255,255,255,0.08)' },
          bgActive: { value: 'rgba(255,255,255,0.14)' },
          fg: { value: '#e8eef7' },
          muted: { value: '#9fb3cc' },
          border: { value: 'rgba(255,255,255,0.10)' },
        },
        surface: {
          page: { value: '#f3f5f9' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'surface.page', color: 'gray.900' },
    '#root': { minHeight: '100dvh' },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
