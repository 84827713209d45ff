import { useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, Dialog, Flex, HStack, IconButton, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuChevronLeft, LuChevronRight, LuCircleCheck, LuDownload, LuFileUp, LuTriangleAlert } from 'react-icons/lu';
import { STAFF_IMPORT_COLUMNS, STAFF_IMPORT_MAX_BYTES, STAFF_IMPORT_MAX_ROWS, type StaffImportFile, type StaffImportPreview } from '@contract/staff';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/staff';
import { errorText, isApiError } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { notify } from '@/ui/toaster';
import { commitImport, IMPORT_TEMPLATE, importFileOf, previewImport } from './staff-api';
import { TableScroll } from '@/ui/table-scroll';

const PAGE = 50;

type Phase = 'choose' | 'checking' | 'preview' | 'committing' | 'done';

/**
 * Bulk onboarding (issue #14 item 1): choose a CSV file; the server checks it (progress shown) and answers every row;
 * bad rows are marked red with their reasons and Import stays disabled until the file is clean; Import writes all
 * rows or none, then says how many staff were created.
 */
export function StaffImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<StaffImportFile | null>(null);
  const [preview, setPreview] = useState<StaffImportPreview | null>(null);
  // a text of the dialog, or the server's refusal as it came (shown in the language of the moment after its heading)
  const [error, setError] = useState<string | { heading: 'staff.import.failed' | 'staff.import.refused'; err: unknown } | null>(null);
  const [issues, setIssues] = useState<{ field: string; message: string }[]>([]);
  const [created, setCreated] = useState<number | 'queued' | null>(null);
  const [onlyBad, setOnlyBad] = useState(true);
  const [page, setPage] = useState(0);
  const busy = phase === 'checking' || phase === 'committing';

  const reset = () => {
    setPhase('choose');
    setFile(null);
    setPreview(null);
    setError(null);
    setIssues([]);
    setCreated(null);
    setPage(0);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = async (f: File | undefined) => {
    if (!f) return;
    reset();
    if (!/\.csv$/i.test(f.name) && f.type !== 'text/csv') {
      setError(t('staff.import.notCsv'));
      return;
    }
    if (f.size > STAFF_IMPORT_MAX_BYTES) {
      setError(t('staff.import.tooBig', { mb: STAFF_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setPhase('checking');
    try {
      const body = await importFileOf(f);
      setFile(body);
      const answer = await previewImport(body);
      setPreview(answer);
      setOnlyBad(answer.invalid > 0);
      setPhase('preview');
    } catch (err) {
      setError({ heading: 'staff.import.failed', err });
      setPhase('choose');
    }
  };

  const commit = async () => {
    if (!file || !preview || preview.invalid > 0) return;
    setPhase('committing');
    setIssues([]);
    try {
      const out = await commitImport(file, preview.total);
      if (out.status === 'queued') {
        setCreated('queued');
      } else {
        setCreated(out.answer.created);
        notify.success(t('staff.import.done', { n: out.answer.created }));
      }
      setPhase('done');
      onImported();
    } catch (err) {
      // refused by the server (a row went bad since the preview, e.g. a staff number taken meanwhile): nothing was
      // saved; the file is checked again so the rows that are bad now show red
      setError({ heading: 'staff.import.refused', err });
      if (isApiError(err) && err.issues) setIssues(err.issues);
      try {
        const again = await previewImport(file);
        setPreview(again);
        setOnlyBad(again.invalid > 0);
        setPage(0);
      } catch {
        // the message above stands
      }
      setPhase('preview');
    }
  };

  const rows = preview ? (onlyBad ? preview.rows.filter((r) => r.issues.length) : preview.rows) : [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);

  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => !e.open && close()} placement="center" size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="1100px" mx="4" data-testid="staff-import-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('staff.import.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t('staff.import.intro', { max: STAFF_IMPORT_MAX_ROWS })}
                </Text>
                <Flex gap="3" wrap="wrap" align="center">
                  <input
                    ref={input}
                    type="file"
                    accept=".csv,text/csv"
                    hidden
                    onChange={(e) => void choose(e.currentTarget.files?.[0])}
                    data-testid="staff-import-file"
                  />
                  <Button
                    colorPalette="brand"
                    variant={preview ? 'outline' : 'solid'}
                    minH="11"
                    onClick={() => input.current?.click()}
                    disabled={busy}
                    data-testid="staff-import-choose"
                  >
                    <LuFileUp /> {preview ? t('staff.import.change') : t('staff.import.choose')}
                  </Button>
                  <Button
                    variant="ghost"
                    minH="11"
                    onClick={() => saveBlob(new Blob([`\uFEFF${IMPORT_TEMPLATE}`], { type: 'text/csv;charset=utf-8' }), 'templat-import-staf.csv')}
                    data-testid="staff-import-template"
                  >
                    <LuDownload /> {t('staff.import.template')}
                  </Button>
                  {file && (
                    <Text fontSize="sm" fontFamily="mono" color="fg.muted" data-testid="staff-import-name">
                      {file.fileName}
                    </Text>
                  )}
                </Flex>

                {busy && (
                  <Box data-testid="staff-import-progress">
                    <Text fontSize="sm" mb="2">
                      {phase === 'checking'
                        ? t('staff.import.checking', { name: file?.fileName ?? '' })
                        : t('staff.import.committing', { n: preview?.total ?? 0 })}
                    </Text>
                    <Progress.Root recipe={progressSlotRecipe} value={null} size="sm" colorPalette="brand">
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Box>
                )}

                {error && (
                  <Alert.Root status="error" rounded="md" data-testid="staff-import-error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>
                        {typeof error === 'string'
                          ? error
                          : `${t(error.heading)} ${isApiError(error.err) ? error.err.shownMsg : errorText(error.err)}`}
                      </Alert.Title>
                      {issues.length > 0 && (
                        <Alert.Description>
                          <Stack as="ul" gap="0.5" mt="1" maxH="40" overflowY="auto" fontSize="sm">
                            {issues.slice(0, 100).map((i, k) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: issues can repeat and the list is replaced whole, never reordered
                              <li key={k}>{serverText(i.message)}</li>
                            ))}
                          </Stack>
                        </Alert.Description>
                      )}
                    </Alert.Content>
                  </Alert.Root>
                )}

                {phase === 'done' && (
                  <Alert.Root status={created === 'queued' ? 'info' : 'success'} rounded="md" data-testid="staff-import-done">
                    <Alert.Indicator />
                    <Alert.Title>{created === 'queued' ? t('staff.import.queued') : t('staff.import.done', { n: created ?? 0 })}</Alert.Title>
                  </Alert.Root>
                )}

                {preview && phase !== 'done' && (
                  <>
                    <Flex gap="3" align="center" wrap="wrap">
                      <Badge
                        colorPalette={preview.invalid ? 'red' : 'green'}
                        size="lg"
                        data-testid="staff-import-summary"
                        data-invalid={preview.invalid}
                      >
                        {preview.invalid ? <LuTriangleAlert /> : <LuCircleCheck />}
                        {t('staff.import.summary', { total: preview.total, valid: preview.valid, invalid: preview.invalid })}
                      </Badge>
                      <Checkbox.Root
                        recipe={checkboxSlotRecipe}
                        checked={onlyBad}
                        disabled={!preview.invalid}
                        onCheckedChange={(e) => {
                          setOnlyBad(e.checked === true);
                          setPage(0);
                        }}
                        minH="11"
                        alignItems="center"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label fontSize="sm">{t('staff.import.onlyBad')}</Checkbox.Label>
                      </Checkbox.Root>
                    </Flex>
                    <Text fontSize="sm" color={preview.invalid ? 'red.fg' : 'green.fg'}>
                      {preview.invalid ? t('staff.import.fixFirst') : t('staff.import.clean', { n: preview.total })}
                    </Text>
                    <TableScroll borderWidth="1px" borderColor="border" rounded="md" overflow="hidden" scrollMaxH="50vh">
                      <Table.Root recipe={tableSlotRecipe} size="sm" stickyHeader minW="980px" data-testid="staff-import-table">
                        <Table.Header>
                          <Table.Row bg="bg.subtle">
                            <Table.ColumnHeader w="60px">{t('staff.import.line')}</Table.ColumnHeader>
                            {STAFF_IMPORT_COLUMNS.map((c) => (
                              <Table.ColumnHeader key={c} fontFamily="mono" fontSize="xs">
                                {c}
                              </Table.ColumnHeader>
                            ))}
                            <Table.ColumnHeader minW="220px">{t('staff.import.reasons')}</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {shown.map((r) => {
                            const bad = new Set(r.issues.map((i) => i.field));
                            return (
                              <Table.Row
                                key={r.line}
                                bg={r.issues.length ? 'red.subtle' : undefined}
                                data-testid="staff-import-row"
                                data-bad={r.issues.length ? 'true' : 'false'}
                              >
                                <Table.Cell fontVariantNumeric="tabular-nums">{r.line}</Table.Cell>
                                {STAFF_IMPORT_COLUMNS.map((c) => (
                                  <Table.Cell key={c} color={bad.has(c) ? 'red.fg' : undefined} fontWeight={bad.has(c) ? 'semibold' : undefined}>
                                    {r.values[c] || (bad.has(c) ? '∅' : '')}
                                  </Table.Cell>
                                ))}
                                <Table.Cell color={r.issues.length ? 'red.fg' : 'green.fg'} fontSize="xs">
                                  {r.issues.length ? r.issues.map((i) => serverText(i.message)).join('; ') : t('staff.import.ok')}
                                </Table.Cell>
                              </Table.Row>
                            );
                          })}
                        </Table.Body>
                      </Table.Root>
                    </TableScroll>
                    {pages > 1 && (
                      <HStack justify="flex-end" gap="2">
                        <IconButton
                          variant="outline"
                          size="sm"
                          minH="11"
                          minW="11"
                          aria-label="‹"
                          disabled={page === 0}
                          onClick={() => setPage(page - 1)}
                        >
                          <LuChevronLeft />
                        </IconButton>
                        <Text fontSize="sm" color="fg.muted">
                          {t('staff.import.page', { page: page + 1, pages })}
                        </Text>
                        <IconButton
                          variant="outline"
                          size="sm"
                          minH="11"
                          minW="11"
                          aria-label="›"
                          disabled={page + 1 >= pages}
                          onClick={() => setPage(page + 1)}
                        >
                          <LuChevronRight />
                        </IconButton>
                      </HStack>
                    )}
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={close} disabled={busy} data-testid="staff-import-close">
                {t('staff.import.close')}
              </Button>
              {phase !== 'done' && (
                <Button
                  colorPalette="brand"
                  minH="11"
                  minW="28"
                  onClick={() => void commit()}
                  disabled={!preview || preview.invalid > 0 || busy}
                  loading={phase === 'committing'}
                  data-testid="staff-import-go"
                >
                  {t('staff.import.go')}
                  {preview && !preview.invalid ? ` (${preview.total})` : ''}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
