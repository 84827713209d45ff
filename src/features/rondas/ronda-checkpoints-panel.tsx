import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, Box, Button, Flex, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuMapPin, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import type { CheckpointRow, RondaDetail } from '@contract/rondas';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Panel } from '@/ui/panel';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { checkpointsCall, deleteCheckpoint, reorderCheckpoint, rondaKeys } from './rondas-api';

/** One ronda's checkpoints are listed whole (a loop has tens of them at most). */
const ALL = { start: 0, length: 500, orderColumn: 'seq', direction: 'asc' } as const;

/** The ordered checkpoints of a ronda on its form: move up or down, edit, delete (asked first), add one. */
export function RondaCheckpointsPanel({ ronda }: { ronda: RondaDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  const filter = { rondaLoopId: ronda.pkRondaLoopId };
  const key = rondaKeys.checkpoints(filter, ALL);
  const list = useQuery({ queryKey: key, queryFn: () => checkpointsCall(filter, ALL) });
  const [busy, setBusy] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<CheckpointRow | null>(null);
  const rows = list.data?.rows ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: rondaKeys.all });

  const move = async (row: CheckpointRow, seq: number) => {
    setBusy(row.pkRondaLoopCheckpointId);
    try {
      const outcome = await reorderCheckpoint(row, { pkRondaLoopCheckpointId: row.pkRondaLoopCheckpointId, seq });
      if (outcome.status === 'sent') {
        queryClient.setQueryData(key, { rows: outcome.answer, recordCount: outcome.answer.length, page: 0, size: ALL.length });
        notify.success(t('rondas.cp.moved'));
      }
      void refresh();
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(toDelete.pkRondaLoopCheckpointId);
    try {
      const outcome = await deleteCheckpoint(toDelete);
      if (outcome.status === 'sent') notify.success(t('rondas.cp.deleted'));
      void refresh();
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(null);
      setToDelete(null);
    }
  };

  return (
    <Panel
      heading={t('rondas.cp.title')}
      actions={
        ronda.isActive ? (
          <Button asChild size="sm" colorPalette="brand" minH="11">
            <Link to="/createupdatecheckpoint" search={{ rondaId: ronda.pkRondaLoopId }} data-testid="ronda-checkpoint-add">
              <LuPlus /> {t('rondas.cp.add')}
            </Link>
          </Button>
        ) : undefined
      }
      data-testid="ronda-checkpoints"
    >
      <Box p="4">
        {!ronda.isActive && (
          <Text fontSize="sm" color="orange.fg" mb="3" data-testid="ronda-checkpoint-inactive">
            {t('rondas.cp.inactiveRonda')}
          </Text>
        )}
        {list.isPending ? (
          <Stack gap="2">
            <Skeleton h="12" />
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : list.isError ? (
          <ErrorBlock title={t('rondas.cp.loadFailed')} message={errorText(list.error)} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyBlock title={t('rondas.cp.empty')} icon={<LuMapPin />} />
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" data-testid="ronda-checkpoint-list">
            {rows.map((row, i) => (
              <Flex
                as="li"
                key={row.pkRondaLoopCheckpointId}
                align="center"
                gap="3"
                borderWidth="1px"
                borderColor="border"
                rounded="md"
                px="3"
                py="2"
                bg={busy === row.pkRondaLoopCheckpointId ? 'bg.subtle' : 'bg.panel'}
                data-testid="ronda-checkpoint"
                data-seq={row.seq}
                data-name={row.checkpointName}
              >
                <Badge colorPalette="brand" variant="solid" minW="8" justifyContent="center" fontVariantNumeric="tabular-nums">
                  {row.seq}
                </Badge>
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" truncate>
                    {row.checkpointName}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    KM {row.km.toFixed(1)} · {row.directionName} · {row.latitude.toFixed(5)}, {row.longitude.toFixed(5)}
                  </Text>
                </Box>
                <IconButton
                  variant="ghost"
                  minH="11"
                  minW="11"
                  aria-label={t('rondas.cp.up', { name: row.checkpointName })}
                  disabled={i === 0 || busy !== null}
                  onClick={() => void move(row, row.seq - 1)}
                  data-testid="ronda-checkpoint-up"
                >
                  <LuArrowUp />
                </IconButton>
                <IconButton
                  variant="ghost"
                  minH="11"
                  minW="11"
                  aria-label={t('rondas.cp.down', { name: row.checkpointName })}
                  disabled={i === rows.length - 1 || busy !== null}
                  onClick={() => void move(row, row.seq + 1)}
                  data-testid="ronda-checkpoint-down"
                >
                  <LuArrowDown />
                </IconButton>
                <IconButton asChild variant="ghost" minH="11" minW="11" aria-label={t('rondas.cp.edit')}>
                  <Link
                    to="/createupdatecheckpoint/$checkpointId"
                    params={{ checkpointId: String(row.pkRondaLoopCheckpointId) }}
                    data-testid="ronda-checkpoint-edit"
                  >
                    <LuPencil />
                  </Link>
                </IconButton>
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  minH="11"
                  minW="11"
                  aria-label={t('rondas.cp.delete')}
                  disabled={busy !== null}
                  onClick={() => setToDelete(row)}
                  data-testid="ronda-checkpoint-delete"
                >
                  <LuTrash2 />
                </IconButton>
              </Flex>
            ))}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('rondas.cp.deleteTitle', { name: toDelete?.checkpointName ?? '' })}
        message={t('rondas.cp.deleteMessage')}
        confirmLabel={t('rondas.cp.delete')}
        colorPalette="red"
        pending={busy !== null && toDelete !== null}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
        testId="ronda-checkpoint-delete-confirm"
      />
    </Panel>
  );
}
