import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="4" wrap="wrap" mb="5">
      <Box minW="0">
        <Heading as="h1" size="xl" color="brand.ink" lineHeight="1.2" letterSpacing="-0.01em">
          {title}
        </Heading>
        {subtitle && (
          <Text mt="1" color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions && (
        <Flex gap="2" wrap="wrap" align="center">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
