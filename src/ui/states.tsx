import type { ReactNode } from 'react';
import { Alert, Button, EmptyState, Flex, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { LuCalendarX2, LuRefreshCw, LuWifiOff } from 'react-icons/lu';
import { useT } from '@/lib/i18n';

export function EmptyBlock({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <EmptyState.Root size="md" py="10">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.300">{icon ?? <LuCalendarX2 />}</EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title fontSize="md">{title}</EmptyState.Title>
          {description && <EmptyState.Description fontSize="sm">{description}</EmptyState.Description>}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function ErrorBlock({ title, message, onRetry, offline }: { title: string; message?: string; onRetry?: () => void; offline?: boolean }) {
  const t = useT();
  return (
    <Alert.Root status={offline ? 'warning' : 'error'} rounded="md" alignItems="center" data-testid="error-block">
      <Alert.Indicator>{offline ? <LuWifiOff /> : undefined}</Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message && <Alert.Description>{message}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} minH="11" bg="bg.panel">
          <LuRefreshCw /> {t('app.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

/** The loading, failed and empty states of a compact list (drawer panels); the list itself otherwise. */
export function ListStates({
  pending,
  failed,
  failedText,
  empty,
  emptyIcon,
  emptyText,
  emptyTestId,
  skeletonHeight = '16',
  children,
}: {
  pending: boolean;
  failed: boolean;
  failedText: string;
  empty: boolean;
  emptyIcon: ReactNode;
  emptyText: string;
  emptyTestId?: string;
  skeletonHeight?: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <Stack p="3" gap="3">
        <Skeleton h={skeletonHeight} />
        <Skeleton h={skeletonHeight} />
      </Stack>
    );
  }
  if (failed) {
    return (
      <Text p="4" fontSize="sm" color="red.fg">
        {failedText}
      </Text>
    );
  }
  if (empty) {
    return (
      <Flex direction="column" align="center" gap="2" py="10" color="fg.muted">
        {emptyIcon}
        <Text fontSize="sm" data-testid={emptyTestId}>
          {emptyText}
        </Text>
      </Flex>
    );
  }
  return <>{children}</>;
}
