import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Chakra's solid fill of these palettes is their 600 shade, which carries white text below the 4.5:1 contrast of
 * WCAG 1.4.3 (green 3.3:1, teal 3.7, cyan 3.7, orange 3.6); their 700 shade passes (5.0 to 5.5:1).
 */
const TOO_LIGHT = new Set(['green', 'teal', 'cyan', 'orange']);

/** Style props for a `variant="solid"` button or badge of this palette: the darker fill where the default is too light. */
export function solidFill(palette: string, solid = true): SystemStyleObject {
  if (!solid || !TOO_LIGHT.has(palette)) return {};
  return { bg: `${palette}.700`, _hover: { bg: `${palette}.800` } };
}
