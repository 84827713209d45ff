/**
 * "Jana Jadual Tugas Bulanan" (issue #15 item 1): a month and a section (or the whole region); the preview shows each
 * candidate roster of the teams' schedules as create / exists / conflict with the server's reasons; "Jana" writes the
 * 'create' ones in one transaction (through the outbox) and shows the counts.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Dialog, Field, Flex, HStack, Input, NativeSelect, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuCalendarPlus, LuEye } from 'react-icons/lu';
import type { GenerateOutcome } from '@contract/rosters-rules';
import type { GenerateResult } from '@contract/rosters';
import type { Section } from '@contract/sections';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import { errorText } from '@/lib/api';
import { isoDateToDisplay } from '@/lib/time';
import { notify } from '@/ui/toaster';
import { generateCommitCall, generatePreviewCall, rosterKeys } from './roster-api';
import { shiftLabel } from '@/lib/lookups';

const OUTCOME_PALETTE: Record<GenerateOutcome, string> = { create: 'green', exists: 'gray', conflict: 'red' };
type Show = 'all' | GenerateOutcome;

export function GenerateDialog({
  sections,
  defaultSectionId,
  defaultMonth,
  onClose,
}: {
  sections: Section[];
  defaultSectionId?: number;
  defaultMonth: string;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(defaultMonth);
  const [sectionId, setSectionId] = useState<number | undefined>(defaultSectionId);
  const [preview, setPreview] = useState<GenerateResult | null>(null);
  const [done, setDone] = useState<GenerateResult | null>(null);
  // the failure as it came, shown in the language of the moment
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [show, setShow] = useState<Show>('all');
  const sectionLabel = sectionId ? (sections.find((s) => s.pkSectionId === sectionId)?.sectionName ?? '') : t('rosters.generate.allSections');

  const change = (f: () => void) => {
    f();
    setPreview(null);
    setDone(null);
    setError(null);
  };

  const runPreview = async () => {
    setBusy('preview');
    setError(null);
    setDone(null);
    try {
      const result = await generatePreviewCall(month, sectionId);
      setPreview(result);
      // what needs a decision first: the conflicts, else what will be made
      setShow(result.counts.conflict ? 'conflict' : result.counts.create ? 'create' : 'all');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    setBusy('commit');
    setError(null);
    try {
      const outcome = await generateCommitCall(month, sectionId, `${month} ${sectionLabel}`);
      if (outcome.status === 'queued') {
        notify.info(t('rosters.generate.queued'));
        onClose();
        return;
      }
      setDone(outcome.answer);
      setPreview(outcome.answer);
      notify.success(t('rosters.generate.done', { n: outcome.answer.created }));
      setShow('create');
      void queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const rows = useMemo(() => (preview ? preview.candidates.filter((c) => show === 'all' || c.outcome === show) : []), [preview, show]);

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      onOpenChange={(e) => !e.open && !busy && onClose()}
      placement="center"
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="1000px" mx="4" data-testid="roster-generate-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('rosters.generate.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t('rosters.generate.intro')}
              </Text>
              <Flex gap="4" align="flex-end" wrap="wrap" mb="4">
                <Field.Root width="200px">
                  <Field.Label fontSize="sm">{t('rosters.generate.month')}</Field.Label>
                  <Input
                    type="month"
                    bg="bg.panel"
                    minH="11"
                    value={month}
                    onChange={(e) => change(() => setMonth(e.currentTarget.value))}
                    data-testid="roster-generate-month"
                  />
                </Field.Root>
                <Field.Root width="260px">
                  <Field.Label fontSize="sm">{t('roster.section')}</Field.Label>
                  <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md">
                    <NativeSelect.Field
                      bg="bg.panel"
                      minH="11"
                      value={sectionId ? String(sectionId) : ''}
                      onChange={(e) => change(() => setSectionId(e.currentTarget.value ? Number(e.currentTarget.value) : undefined))}
                      data-testid="roster-generate-section"
                    >
                      <option value="">{t('rosters.generate.allSections')}</option>
                      {sections.map((s) => (
                        <option key={s.pkSectionId} value={s.pkSectionId}>
                          {s.sectionName} — {s.description}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Button
                  variant="outline"
                  colorPalette="brand"
                  minH="11"
                  onClick={() => void runPreview()}
                  loading={busy === 'preview'}
                  disabled={!/^\d{4}-\d{2}$/.test(month) || !!busy}
                  data-testid="roster-generate-preview"
                >
                  <LuEye /> {t('rosters.generate.preview')}
                </Button>
              </Flex>

              {error != null && (
                <Alert.Root status="error" rounded="md" mb="3" data-testid="roster-generate-error">
                  <Alert.Indicator />
                  <Alert.Title>{errorText(error)}</Alert.Title>
                </Alert.Root>
              )}
              {done && (
                <Alert.Root status="success" rounded="md" mb="3" data-testid="roster-generate-result" data-created={done.created}>
                  <Alert.Indicator />
                  <Alert.Title>
                    {t('rosters.generate.result', { created: done.created, exists: done.counts.exists, conflict: done.counts.conflict })}
                  </Alert.Title>
                </Alert.Root>
              )}

              {preview && (
                <Stack gap="3">
                  <HStack gap="2" wrap="wrap" data-testid="roster-generate-counts">
                    {(['all', 'create', 'exists', 'conflict'] as const).map((k) => (
                      <Button
                        key={k}
                        size="sm"
                        minH="9"
                        variant={show === k ? 'solid' : 'outline'}
                        colorPalette={k === 'all' ? 'brand' : OUTCOME_PALETTE[k]}
                        onClick={() => setShow(k)}
                        data-testid={`roster-generate-show-${k}`}
                        data-count={k === 'all' ? preview.candidates.length : preview.counts[k]}
                      >
                        {t(`rosters.generate.show.${k}`)} ({k === 'all' ? preview.candidates.length : preview.counts[k]})
                      </Button>
                    ))}
                  </HStack>
                  {preview.candidates.length === 0 ? (
                    <Text color="fg.muted" data-testid="roster-generate-empty">
                      {t('rosters.generate.none')}
                    </Text>
                  ) : (
                    <Box borderWidth="1px" borderColor="border" rounded="md" maxH="420px" overflowY="auto">
                      <Table.Root recipe={tableSlotRecipe} size="sm" stickyHeader data-testid="roster-generate-table">
                        <Table.Header>
                          <Table.Row bg="bg.subtle">
                            {[
                              'rosters.col.date',
                              'roster.section',
                              'roster.team',
                              'roster.shift',
                              'roster.vehicle',
                              'rosters.generate.outcome',
                              'rosters.generate.reasons',
                            ].map((k) => (
                              <Table.ColumnHeader key={k} fontSize="xs" textTransform="uppercase" color="fg.muted">
                                {t(k as 'roster.team')}
                              </Table.ColumnHeader>
                            ))}
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {rows.map((c) => (
                            <Table.Row key={`${c.teamId}|${c.shiftId}|${c.startDate}`} data-testid="roster-generate-row" data-outcome={c.outcome}>
                              <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                                {isoDateToDisplay(c.startDate)}
                              </Table.Cell>
                              <Table.Cell>{c.sectionName}</Table.Cell>
                              <Table.Cell whiteSpace="nowrap">{c.teamName}</Table.Cell>
                              <Table.Cell whiteSpace="nowrap">
                                {shiftLabel(c.shiftName)}
                                <Text as="span" color="fg.muted" fontSize="xs">
                                  {' '}
                                  {c.startHour}–{c.endHour}
                                </Text>
                              </Table.Cell>
                              <Table.Cell fontFamily="mono" fontSize="xs">
                                {c.plateNumber ?? '—'}
                              </Table.Cell>
                              <Table.Cell>
                                <Badge colorPalette={OUTCOME_PALETTE[c.outcome]} size="sm">
                                  {t(`rosters.generate.outcome.${c.outcome}`)}
                                </Badge>
                              </Table.Cell>
                              <Table.Cell fontSize="xs" color="red.fg" data-testid="roster-generate-reasons">
                                {c.reasons.map((r) => (
                                  <Text key={`${r.code}-${r.staffId ?? ''}-${r.otherRosterId ?? ''}`}>{r.message}</Text>
                                ))}
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Box>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" onClick={onClose} disabled={!!busy} data-testid="roster-generate-close">
                {t('rosters.close')}
              </Button>
              <Button
                colorPalette="brand"
                minH="11"
                onClick={() => void commit()}
                loading={busy === 'commit'}
                disabled={!preview || !!done || preview.counts.create === 0 || !!busy}
                data-testid="roster-generate-commit"
              >
                <LuCalendarPlus /> {preview && !done ? t('rosters.generate.commitN', { n: preview.counts.create }) : t('rosters.generate.commit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
