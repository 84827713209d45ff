/**
 * The change history of one administrative record (issue #14 item 8): who changed what, when, with the old and new
 * value of each field, newest first. Read from GET adminChange/get/{entity}/{id}; the server checks access first.
 */
import { useQuery } from '@tanstack/react-query';
import { Badge, Box, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { ADMIN_PATHS, type ChangeEntity } from '@contract/admin-rules';
import type { ChangeRecord } from '@contract/admin';
import { apiGet, errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/admin';
import { formatDateTime } from '@/lib/time';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';

const show = (v: unknown, empty: string): string => {
  if (v === null || v === undefined || v === '') return empty;
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

const ACTION_COLOR: Record<ChangeRecord['action'], string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  deactivate: 'orange',
  activate: 'green',
  import: 'purple',
};

export const historyKey = (entity: ChangeEntity, id: number) => ['admin-history', entity, id] as const;

/** `labels` names the fields in the user's words (field → label); unnamed fields show as they are. */
export function ChangeHistory({ entity, id, labels = {} }: { entity: ChangeEntity; id: number; labels?: Record<string, string> }) {
  const t = useT();
  const history = useQuery({
    queryKey: historyKey(entity, id),
    queryFn: () => apiGet<ChangeRecord[]>(ADMIN_PATHS.history(entity, id)),
  });
  const empty = t('admin.history.empty');
  return (
    <Panel
      heading={
        <Flex align="center" gap="2">
          <LuHistory /> {t('admin.history')}
        </Flex>
      }
    >
      <Box px="4" py="3" data-testid="change-history">
        {history.isPending ? (
          <Stack gap="2">
            <Skeleton h="5" />
            <Skeleton h="5" />
          </Stack>
        ) : history.isError ? (
          <ErrorBlock title={t('admin.historyFailed')} message={errorText(history.error)} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('admin.historyEmpty')}
          </Text>
        ) : (
          <Stack gap="3" as="ol" listStyleType="none">
            {history.data.map((r) => (
              <Box
                as="li"
                key={r.pkChangeId}
                borderLeftWidth="3px"
                borderColor={`${ACTION_COLOR[r.action]}.300`}
                ps="3"
                data-testid="change-history-entry"
                data-action={r.action}
              >
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge colorPalette={ACTION_COLOR[r.action]} size="sm">
                    {t(`admin.history.${r.action}`)}
                  </Badge>
                  <Text fontSize="sm" fontWeight="medium">
                    {formatDateTime(r.at)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('admin.history.by', { name: r.by.displayName })}
                  </Text>
                </Flex>
                {r.changes.length > 0 && (
                  <Stack as="ul" gap="0.5" mt="1" fontSize="xs" listStyleType="none">
                    {r.changes.map((c) => (
                      <Text as="li" key={c.field}>
                        <Text as="span" fontWeight="semibold">
                          {labels[c.field] ?? c.field}
                        </Text>
                        : {show(c.old, empty)} → {show(c.new, empty)}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Panel>
  );
}
