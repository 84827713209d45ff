import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** The road-shield mark (public/icons/logo.svg). */
export function Logo({ size = 36, ...rest }: { size?: number } & HTMLChakraProps<'img'>) {
  return <chakra.img src="/icons/logo.svg" alt="" width={`${size}px`} height={`${size}px`} flexShrink={0} draggable={false} {...rest} />;
}
