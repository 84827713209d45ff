/**
 * The frame of the printable pages (the incident view and the end-of-duty report, §2.7): a bar on screen only
 * (what happens next, Cetak sekarang, Tutup), the A4-wide page with its loading and error states, and the print flow
 * of §9 — print about 5 s after the page opens, or as soon after as its content is there, then close the window.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuPrinter, LuX } from 'react-icons/lu';
import { TIMING } from '@contract/lookups';
import { errorText } from '@/lib/api';
import { holdLightMode } from '@/lib/color-mode';
import { ErrorBlock } from '@/ui/states';

/** Prints once `ready` has held, no sooner than TIMING.printDelayMs after the page opened; closes the window after printing. */
export function usePrintWhenReady(ready: boolean) {
  const openedAt = useRef(Date.now());
  const printed = useRef(false);

  useEffect(() => {
    const closeAfterPrint = () => window.close();
    window.addEventListener('afterprint', closeAfterPrint);
    return () => window.removeEventListener('afterprint', closeAfterPrint);
  }, []);

  useEffect(() => {
    if (!ready || printed.current) return;
    const wait = Math.max(0, TIMING.printDelayMs - (Date.now() - openedAt.current));
    const timer = setTimeout(() => {
      printed.current = true;
      window.print();
    }, wait);
    return () => clearTimeout(timer);
  }, [ready]);
}

/** The screen-only bar over a printable page. */
export function PrintToolbar({
  note,
  printLabel,
  closeLabel,
  ready,
  testIds,
}: {
  note: string;
  printLabel: string;
  closeLabel: string;
  ready: boolean;
  testIds: { print: string; close: string };
}) {
  return (
    <Flex
      _print={{ display: 'none' }}
      position="sticky"
      top="0"
      zIndex="docked"
      bg="brand.900"
      color="white"
      px="4"
      py="2"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
    >
      <Text fontSize="sm">{note}</Text>
      <HStack gap="2">
        <Button size="sm" minH="11" colorPalette="amber" variant="solid" onClick={() => window.print()} disabled={!ready} data-testid={testIds.print}>
          <LuPrinter /> {printLabel}
        </Button>
        <Button
          size="sm"
          minH="11"
          variant="outline"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => window.close()}
          data-testid={testIds.close}
        >
          <LuX /> {closeLabel}
        </Button>
      </HStack>
    </Flex>
  );
}

/** The A4-wide page: skeletons while loading, the error with retry, else its content. */
export function PrintPage({
  state,
  error,
  errorTitle,
  onRetry,
  children,
}: {
  state: 'loading' | 'error' | 'ready';
  error?: unknown;
  errorTitle: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  // printed pages are light whatever the device's theme (issue #30)
  useEffect(() => holdLightMode(), []);
  return (
    <Box maxW="210mm" mx="auto" px={{ base: '4', md: '8' }} py="6" _print={{ px: '0', py: '0', maxW: 'none' }}>
      {state === 'loading' ? (
        <Stack gap="3">
          <Skeleton h="8" w="60%" />
          <Skeleton h="40" />
          <Skeleton h="40" />
        </Stack>
      ) : state === 'error' ? (
        <ErrorBlock title={errorTitle} message={errorText(error)} onRetry={onRetry} />
      ) : (
        children
      )}
    </Box>
  );
}
