import type { ReactNode } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';

export function StatCard({
  label,
  value,
  of,
  hint,
  icon,
  palette = 'brand',
  testId,
}: {
  label: string;
  value: ReactNode;
  /** shown muted after the value: "4 / 10" */
  of?: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  palette?: string;
  testId?: string;
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" boxShadow="xs" data-testid={testId}>
      <Flex align="flex-start" justify="space-between" gap="3">
        <Box minW="0">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
            {label}
          </Text>
          <Text fontSize="3xl" fontWeight="bold" color="brand.ink" lineHeight="1.1" mt="1" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
            {of !== undefined && (
              <Text as="span" fontSize="lg" color="fg.muted" fontWeight="semibold">
                {' '}
                / {of}
              </Text>
            )}
          </Text>
          {hint && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {hint}
            </Text>
          )}
        </Box>
        <Flex
          w="10"
          h="10"
          rounded="lg"
          align="center"
          justify="center"
          colorPalette={palette}
          bg="colorPalette.subtle"
          color="colorPalette.fg"
          flexShrink={0}
          fontSize="lg"
        >
          {icon}
        </Flex>
      </Flex>
    </Box>
  );
}
