import { useEffect, type ReactNode } from 'react';
import { Box, Flex, Grid, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Attachment, AuditRow, IncidentView, JournalEntry, SubformRecord } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { SUBFORMS, isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import type { LookupName } from '@contract/lookups';
import { dataTables } from '@/lib/api';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import '@/lib/i18n/parts/journal';
import '@/lib/i18n/parts/offline-writes';
import { useLookup } from '@/lib/lookups';
import { useSession, userRole } from '@/lib/session';
import { formatDate, formatDateTime, formatTime } from '@/lib/time';
import { IncidentStatusBadge } from '@/ui/incident-status-badge';
import { Logo } from '@/ui/logo';
import { PhotoEvidence } from '@/ui/photo-evidence';
import { PrintPage, PrintToolbar, usePrintWhenReady } from '@/ui/print-frame';
import { SUBFORM_FIELDS } from '../form/model';
import { useIncidentAudit, useIncidentJournal, useIncidentSubform, useIncidentView, useSubformChildren } from '../detail/use-incident';
import type { SubformChildren } from '../form/children-model';
import { assistStatusLine, childLines } from './child-lines';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';

/** The lookup list each subform field's id comes from (§7.2). */
const FIELD_LOOKUP: Partial<Record<string, LookupName>> = {
  pkCasualTypeId: 'casualtyType',
  pkAssistTypeId: 'assistType',
  pkBreakdownCauseId: 'breakdownCause',
  pkObstacleObjectTypeId: 'obstacleObjectType',
  pkStrayAnimalTypeId: 'strayAnimalType',
  pkHazardTypeId: 'roadConditionHazardType',
  pkOthersTypeId: 'incidentOtherType',
};

/**
 * The printable incident view /insiden/{incidentId}/{subformId} (route InsidenViewPrint, §2.7): no app chrome, the
 * main record, the subform's fields, the audit trail and the journal. Prints about 5 s after it opens (§9) — or as
 * soon after as everything is loaded — and closes its window after printing.
 */
export function IncidentPrintScreen({ incidentId, subformId }: { incidentId: number; subformId: number }) {
  const t = useT();
  const session = useSession();
  const role = userRole(session?.user);

  const view = useIncidentView(incidentId);
  const v = view.data?.data;
  const typeId = v && isEventTypeId(v.incidentCategory.key) ? (v.incidentCategory.key as EventTypeId) : null;
  // the URL names the subform; the case's own one when the URL carries none (0)
  const sfId = subformId > 0 ? subformId : (v?.subformId ?? 0);
  const subform = useIncidentSubform(typeId, sfId);
  const children = useSubformChildren(typeId, sfId);
  const audit = useIncidentAudit(incidentId);
  const journal = useIncidentJournal(incidentId);
  // the subform's Lampiran Media, with each photo's evidence (issue #19)
  const media = useQuery({
    queryKey: ['print', 'media', sfId],
    queryFn: async () => (await dataTables<Attachment>(PATHS.attachmentDataTables, { incidentSubFormId: sfId }, { length: 100, start: 0 })).rows,
    enabled: sfId > 0,
    retry: 1,
  });

  const subformSettled = !typeId || sfId <= 0 || (!subform.isPending && !children.isPending);
  const ready = view.isSuccess && subformSettled && !audit.isPending && !journal.isPending && (sfId <= 0 || !media.isPending);

  usePrintWhenReady(ready);

  useEffect(() => {
    if (v) document.title = `${v.ticketNumber} · ${t('incident.print.title')}`;
  }, [v, t]);

  return (
    <Box bg="bg.panel" minH="100dvh" color="fg" data-testid="incident-print" data-ready={ready ? 'true' : 'false'}>
      <PrintToolbar
        note={t('incident.print.auto')}
        printLabel={t('incident.print.now')}
        closeLabel={t('incident.print.closeWindow')}
        ready={view.isSuccess}
        testIds={{ print: 'print-now', close: 'print-close' }}
      />
      <PrintPage
        state={view.isPending ? 'loading' : view.isError || !v ? 'error' : 'ready'}
        error={view.error}
        errorTitle={t('incident.detail.loadFailed')}
        onRetry={() => void view.refetch()}
      >
        {v && (
          <>
            <PrintHeader view={v} />
            <Section title={t('incident.detail.caseInfo')}>
              <MainFields view={v} />
            </Section>
            <Section title={`${t('incident.detail.details')} · ${v.incidentCategory.value}`}>
              {subform.isError ? (
                <PrintNote failed>{t('incident.detail.subformFailed')}</PrintNote>
              ) : subform.data && typeId ? (
                <>
                  <SubformFieldsView typeId={typeId} record={subform.data} />
                  {children.isError ? (
                    <PrintNote failed>{t('incident.detail.subformFailed')}</PrintNote>
                  ) : (
                    children.data && <ChildListsView lists={children.data} />
                  )}
                </>
              ) : subformSettled ? (
                <PrintNote>{t('incident.detail.subformMissing')}</PrintNote>
              ) : (
                <Skeleton h="16" />
              )}
            </Section>
            {sfId > 0 && (
              <Section title={t('journal.media.title')}>
                <MediaPhotos photos={media.data} failed={media.isError} />
              </Section>
            )}
            <Section title={t('incident.detail.auditTrail')}>
              <AuditTable rows={audit.data?.data} failed={audit.isError} />
            </Section>
            <Section title={t('incident.detail.journal')}>
              <JournalText entries={journal.data} failed={journal.isError} />
            </Section>
            <Text mt="6" pt="2" borderTopWidth="1px" borderColor="border.emphasized" fontSize="xs" color="fg.muted" data-testid="print-footer">
              {t('incident.print.printedAt', { time: formatDateTime(Date.now()), name: `${session?.user.profile.displayName ?? ''} (${role.name})` })}
            </Text>
          </>
        )}
      </PrintPage>
    </Box>
  );
}

function PrintHeader({ view: v }: { view: IncidentView }) {
  const t = useT();
  return (
    <Flex justify="space-between" align="flex-start" gap="4" pb="3" mb="4" borderBottomWidth="2px" borderColor="brand.900">
      <Box>
        <HStack gap="2" mb="1" color="brand.ink">
          <Logo size={28} />
          <Text fontWeight="bold">{t('app.name')}</Text>
        </HStack>
        <Heading as="h1" size="lg" color="brand.ink" data-testid="print-title">
          {t('incident.print.title')}: {v.incidentCategory.value} · KM {v.kilometerMarker} · {v.cardinalDirection.value}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('incident.detail.dated')} {formatDate(v.incidentDateTime)} {formatTime(v.incidentDateTime)}
        </Text>
      </Box>
      <Stack gap="1" align="flex-end" textAlign="right" flexShrink={0}>
        <Text fontFamily="mono" fontWeight="bold" fontSize="lg" data-testid="print-ticket">
          {v.ticketNumber}
        </Text>
        {v.cipTicketNumber && (
          <Text fontSize="xs">
            {t('incident.detail.cipTicket')}: <b>{v.cipTicketNumber}</b>
          </Text>
        )}
        {v.mhroadsTicketNumber && (
          <Text fontSize="xs">
            {t('incident.detail.mhroadsTicket')}: <b>{v.mhroadsTicketNumber}</b>
          </Text>
        )}
        <IncidentStatusBadge statusId={v.incidentStatusId} label={v.incidentStatus} size="md" />
      </Stack>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" mb="5" css={{ breakInside: 'avoid-page' }}>
      <Heading
        as="h2"
        size="sm"
        textTransform="uppercase"
        letterSpacing="0.05em"
        color="brand.ink"
        borderBottomWidth="1px"
        borderColor="border.emphasized"
        pb="1"
        mb="2"
      >
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box py="1" borderBottomWidth="1px" borderColor="border.muted" css={{ breakInside: 'avoid' }}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium" whiteSpace="pre-wrap" wordBreak="break-word" data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Box>
  );
}

function MainFields({ view: v }: { view: IncidentView }) {
  const t = useT();
  const f = (key: TextKey, value: ReactNode, testId?: string) => <Field key={key} label={t(key)} value={value} testId={testId} />;
  return (
    <Grid templateColumns="repeat(2, minmax(0, 1fr))" columnGap="6" data-testid="print-main">
      {f('incident.field.date', `${formatDate(v.incidentDateTime)} ${formatTime(v.incidentDateTime)}`)}
      {f('incident.field.reportedBy', v.createdBy.displayName)}
      {f('incident.field.source', v.incidentSource.value)}
      {f('incident.field.eventType', v.incidentCategory.value)}
      {f('incident.field.section', v.section.sectionName, 'print-section')}
      {v.specificSection && f('incident.field.specificSection', v.specificSection.sectionName)}
      {f('incident.field.highway', v.highway.value)}
      {f('incident.field.eventLocation', v.eventLocation?.value)}
      {f('incident.field.direction', v.cardinalDirection.value)}
      {f('incident.field.kilometer', v.kilometerMarker, 'print-km')}
      {f(
        'incident.field.assignTo',
        v.dutyRoster ? `${v.dutyRoster.dutyRosterName}${v.dutyRoster.plateNumber ? ` (${v.dutyRoster.plateNumber})` : ''}` : null,
      )}
      {f('incident.field.weather', v.weatherCondition?.value)}
      {f('incident.field.lighting', v.lightingCondition?.value)}
      {f('incident.field.coordinates', v.latitude !== null && v.longtitude !== null ? `${v.latitude.toFixed(5)}, ${v.longtitude.toFixed(5)}` : null)}
    </Grid>
  );
}

function SubformFieldsView({ typeId, record }: { typeId: EventTypeId; record: SubformRecord }) {
  const t = useT();
  const fields = SUBFORM_FIELDS[SUBFORMS[typeId].kind];
  return (
    <Box data-testid="print-subform">
      <Grid templateColumns="repeat(2, minmax(0, 1fr))" columnGap="6">
        {fields.map((name) => {
          const value = record[name];
          const label = t(`incident.field.${name}` as TextKey);
          const lookup = FIELD_LOOKUP[name];
          if (lookup) return <LookupField key={name} label={label} lookup={lookup} id={typeof value === 'number' ? value : null} />;
          return <Field key={name} label={label} value={value === null ? null : value ? t('incident.field.yes') : t('incident.field.no')} />;
        })}
      </Grid>
      <Field label={t('incident.field.remark')} value={record.remark} testId="print-remark" />
    </Box>
  );
}

function LookupField({ label, lookup, id }: { label: string; lookup: LookupName; id: number | null }) {
  const list = useLookup(lookup);
  const item = id === null ? null : list.data?.find((x) => x.key === id);
  return <Field label={label} value={id === null ? null : (item?.value ?? (list.isPending ? '…' : `#${id}`))} />;
}

/** The child lists that have items (vehicles, injuries, lanes, assistance, …), one line per item. */
function ChildListsView({ lists: c }: { lists: SubformChildren }) {
  const t = useT();
  const groups = childLines(c, { assistStatus: assistStatusLine });
  if (!groups.length) return null;
  return (
    <Stack gap="2" mt="3" data-testid="print-children">
      {groups.map((g) => (
        <Box key={g.list} css={{ breakInside: 'avoid' }} data-testid={`print-child-${g.list}`}>
          <Text fontSize="xs" color="fg.muted">
            {t(`queued.list.${g.list}` as TextKey)} ({g.lines.length})
          </Text>
          {g.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the printed lines of a list can repeat and are never reordered: their position is their identity
            <Text key={i} fontSize="sm">
              {line}
            </Text>
          ))}
        </Box>
      ))}
    </Stack>
  );
}

/** A line in place of a section's content: it failed to load (red) or has nothing to show. */
function PrintNote({ failed = false, children }: { failed?: boolean; children: ReactNode }) {
  return (
    <Text color={failed ? 'red.fg' : 'fg.muted'} fontSize="sm">
      {children}
    </Text>
  );
}

function AuditTable({ rows, failed }: { rows: AuditRow[] | undefined; failed: boolean }) {
  const t = useT();
  if (failed) return <PrintNote failed>{t('incident.audit.loadFailed')}</PrintNote>;
  const list = [...(rows ?? [])].sort((a, b) => a.datetime.localeCompare(b.datetime) || a.pkIncidentAuditId - b.pkIncidentAuditId);
  if (!list.length) return <PrintNote>{t('incident.audit.empty')}</PrintNote>;
  return (
    <Table.Root recipe={tableSlotRecipe} size="sm" variant="line" data-testid="print-audit">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('incident.print.when')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('incident.print.status')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('incident.print.who')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('incident.detail.roster')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('incident.print.remark')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.map((r) => (
          <Table.Row key={r.pkIncidentAuditId} css={{ breakInside: 'avoid' }} data-testid="print-audit-row">
            <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
              {r.date} {r.time}
            </Table.Cell>
            <Table.Cell>{r.incidentStatus.value}</Table.Cell>
            <Table.Cell>
              {r.assigner.displayName} ({r.assigner.roleName})
            </Table.Cell>
            <Table.Cell>{r.assignee?.dutyRosterName ?? '—'}</Table.Cell>
            <Table.Cell whiteSpace="pre-wrap" wordBreak="break-word">
              {r.remark ?? ''}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function JournalText({ entries, failed }: { entries: JournalEntry[] | undefined; failed: boolean }) {
  const t = useT();
  if (failed) return <PrintNote failed>{t('journal.listFailed')}</PrintNote>;
  const list = [...(entries ?? [])].sort((a, b) => b.createdDateTime.localeCompare(a.createdDateTime) || b.pkJournalEntryId - a.pkJournalEntryId);
  if (!list.length) return <PrintNote>{t('incident.print.noJournal')}</PrintNote>;
  return (
    <Stack gap="0" data-testid="print-journal">
      {list.map((e) => (
        <Box
          key={e.pkJournalEntryId}
          py="2"
          borderBottomWidth="1px"
          borderColor="border.muted"
          css={{ breakInside: 'avoid' }}
          data-testid="print-journal-entry"
        >
          <Flex justify="space-between" gap="3" fontSize="xs" color="fg.muted">
            <Text>
              <Text as="span" fontWeight="semibold" color="fg">
                {e.staff.displayName}
              </Text>{' '}
              ({e.staff.roleName})
            </Text>
            <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {e.date} {e.time}
            </Text>
          </Flex>
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" mt="0.5">
            {e.entry}
          </Text>
          {e.attachments.length > 0 && (
            <Box mt="1">
              <Text fontSize="xs" color="fg.muted">
                {t('incident.print.attachments', { count: e.attachments.length })}
              </Text>
              <PrintPhotos photos={e.attachments} />
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** Photos with their evidence (issue #19): name, capture time, device time, uploader, SHA-256 in full on paper, and the tamper warning. */
function PrintPhotos({ photos, testId = 'print-photos' }: { photos: readonly Attachment[]; testId?: string }) {
  return (
    <Grid templateColumns="repeat(2, minmax(0, 1fr))" columnGap="4" rowGap="1.5" mt="1" data-testid={testId}>
      {photos.map((a) => (
        <Box
          key={a.pkAttachmentListId}
          ps="2"
          borderLeftWidth="2px"
          borderColor={a.tampered ? 'red.500' : 'border.emphasized'}
          css={{ breakInside: 'avoid' }}
          data-testid="print-photo"
          data-attachment-id={a.pkAttachmentListId}
        >
          <Text fontSize="xs" fontWeight="semibold" wordBreak="break-word">
            {a.documentName}
          </Text>
          <PhotoEvidence a={a} />
        </Box>
      ))}
    </Grid>
  );
}

/** The subform's Lampiran Media (attachmentList/dataTables), each photo with its evidence. */
function MediaPhotos({ photos, failed }: { photos: readonly Attachment[] | undefined; failed: boolean }) {
  const t = useT();
  if (failed) return <PrintNote failed>{t('journal.loadFailed')}</PrintNote>;
  if (!photos?.length) return <PrintNote>{t('journal.media.empty')}</PrintNote>;
  return <PrintPhotos photos={photos} testId="print-media" />;
}
