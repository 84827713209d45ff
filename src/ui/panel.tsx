import type { ReactNode } from 'react';
import { Box, Flex, Heading, type BoxProps } from '@chakra-ui/react';

/** A white work surface with an optional header row. */
export function Panel({
  heading: title,
  actions,
  children,
  ...rest
}: { heading?: ReactNode; actions?: ReactNode; children: ReactNode } & Omit<BoxProps, 'title'>) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" {...rest}>
      {(title || actions) && (
        <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderBottomWidth="1px" borderColor="border.muted">
          {title && (
            <Heading as="h2" size="sm" color="brand.ink" fontWeight="semibold">
              {title}
            </Heading>
          )}
          {actions}
        </Flex>
      )}
      {children}
    </Box>
  );
}
