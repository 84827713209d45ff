import { forwardRef, useMemo } from 'react';
import { chakra, useRecipe, type InputProps } from '@chakra-ui/react';

/**
 * Chakra's Input as drawn by its recipe (same class, variants and styles) without Ark's Field.Input, which only adds
 * the attributes of an enclosing Field.Root: the caller passes those itself (./../features/auth/signin-field.tsx).
 * For the sign-in page, which then loads no Ark code.
 */
export const PlainInput = forwardRef<HTMLInputElement, InputProps>(function PlainInput(props, ref) {
  const recipe = useRecipe({ key: 'input' });
  const [variantProps, rest] = useMemo(() => recipe.splitVariantProps(props), [recipe, props]);
  const { css, className, ...domProps } = rest as InputProps;
  const styles = recipe(variantProps);
  return <chakra.input ref={ref} {...domProps} css={[styles, css]} className={className ? `chakra-input ${className}` : 'chakra-input'} />;
});
