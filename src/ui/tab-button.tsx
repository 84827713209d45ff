/** A page's tab (the dashboard's Insiden / Jadual, /managevehicle's Kenderaan / Callsign / Model): touch size, an amber underline when selected. */
import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';

export function TabButton({
  selected,
  onClick,
  icon,
  children,
  testId,
}: {
  selected: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <chakra.button
      type="button"
      role="tab"
      aria-selected={selected}
      onClick={onClick}
      display="inline-flex"
      alignItems="center"
      gap="2"
      minH="11"
      px="4"
      mb="-1px"
      fontWeight="semibold"
      fontSize="sm"
      whiteSpace="nowrap"
      color={selected ? 'brand.ink' : 'fg.muted'}
      borderBottomWidth="3px"
      borderColor={selected ? 'amber.500' : 'transparent'}
      cursor="pointer"
      _hover={{ color: 'brand.ink' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
      data-testid={testId}
    >
      {icon}
      {children}
    </chakra.button>
  );
}
