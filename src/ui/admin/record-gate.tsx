/**
 * The administration kit's edit screens (issues #14, #15): while the record loads, a skeleton under the screen's
 * header; when it cannot be read, the error with a retry (none for a 404: the record is gone). Null once it is there
 * (or for a new record), and the screen draws itself.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Box, Skeleton, Stack } from '@chakra-ui/react';
import { errorText, isApiError } from '@/lib/api';
import { PageHeader } from '@/ui/page-header';
import { ErrorBlock } from '@/ui/states';

export function recordGate({
  query,
  isNew,
  testId,
  title,
  failedTitle,
  actions,
  skeletons = ['64', '40'],
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  isNew: boolean;
  /** the screen's test id prefix: `<testId>-loading`, `<testId>-error` */
  testId: string;
  title: string;
  failedTitle: string;
  actions?: ReactNode;
  skeletons?: string[];
}): ReactNode | null {
  if (isNew) return null;
  if (query.isPending) {
    return (
      <Box data-testid={`${testId}-loading`}>
        <PageHeader title={title} actions={actions} />
        <Stack gap="4">
          {skeletons.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed list of heights, never reordered
            <Skeleton key={i} h={h} rounded="lg" />
          ))}
        </Stack>
      </Box>
    );
  }
  if (query.isError) {
    const err = query.error;
    return (
      <Box data-testid={`${testId}-error`}>
        <PageHeader title={title} actions={actions} />
        <ErrorBlock
          title={failedTitle}
          message={errorText(err)}
          offline={isApiError(err) && err.kind !== 'http'}
          onRetry={isApiError(err) && err.status === 404 ? undefined : () => void query.refetch()}
        />
      </Box>
    );
  }
  return null;
}
