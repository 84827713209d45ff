/**
 * Terima of a patrol's field report (issue #30 item 2): /kesbaru?fieldReport=<id> reads the report (it needs the
 * network) and fills the form from it once: source = the incident source named FIELD_REPORT_SOURCE_NAME, the
 * section, KM, direction, position and event type, Assign To = the reporting roster. The notice above the form says
 * the report's photo becomes the case's first journal attachment; the save carries `fieldReportId` only while the
 * report still waits (the server accepts it with the case in one transaction).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReset } from 'react-hook-form';
import { Alert, Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { FIELD_REPORT_PATHS, FIELD_REPORT_SOURCE_NAME } from '@contract/field-report-rules';
import type { FieldReportRow } from '@contract/field-reports';
import { isEventTypeId } from '@contract/incident-rules';
import { errorText, isApiError } from '@/lib/api';
import { fieldReportKeys, useFieldReport } from '@/lib/field-reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { kmLabel } from '@/lib/incident-list';
import { useLookup } from '@/lib/lookups';
import { useListedSections } from '@/lib/sections';
import { formatDateTimeShort } from '@/lib/time';
import { AuthThumbnail } from '@/ui/auth-thumbnail';
import { newCaseDefaults, type NewCaseValues } from './new-case-submit';

export interface FieldReportPrefill {
  report: FieldReportRow | undefined;
  loading: boolean;
  error: unknown;
  /** the id to send with the save: only while the report still waits for a decision */
  acceptId: number | undefined;
}

/** The form values a report gives (the rest stays as a new form has it). */
export function valuesFromReport(
  r: FieldReportRow,
  sourceId: number | null,
  section: { highwayId: number; isCombined: boolean } | undefined,
): NewCaseValues {
  return {
    ...newCaseDefaults(),
    pkIncidentSourceId: sourceId,
    pkSectionId: r.pkSectionId,
    // as choosing the section in the form does
    pkHighwayId: section?.highwayId ?? null,
    isCombinedSection: section?.isCombined ?? false,
    kilometerMarker: r.kilometerMarker,
    pkCardinalDirectionId: r.pkCardinalDirectionId,
    pkIncidentCategoryId: isEventTypeId(r.pkIncidentCategoryId) ? r.pkIncidentCategoryId : null,
    pkDutyRosterId: r.dutyRoster.pkDutyRosterId,
    latitude: r.latitude,
    longtitude: r.longitude,
  };
}

/** `reset` fills the form from the report once it is there; without it (a resumed draft) the form keeps its values. */
export function useFieldReportPrefill(id: number | undefined, regionId: number | undefined, reset?: UseFormReset<NewCaseValues>): FieldReportPrefill {
  const q = useFieldReport(id);
  const sources = useLookup('incidentSource');
  const sections = useListedSections(regionId);
  const applied = useRef(false);
  const report = q.data;
  const qc = useQueryClient();
  // leaving the form (the case saved, or not): the TMC's lists of reports are read again (the panel, the bell)
  useEffect(
    () => () => {
      if (id) void qc.invalidateQueries({ queryKey: fieldReportKeys.all });
    },
    [id, qc],
  );
  useEffect(() => {
    if (!reset || applied.current || !report || !sources.data || !sections.data) return;
    applied.current = true;
    const source = sources.data.find((s) => s.value.trim().toLowerCase() === FIELD_REPORT_SOURCE_NAME.toLowerCase());
    reset(
      valuesFromReport(
        report,
        source?.key ?? null,
        sections.data.find((s) => s.pkSectionId === report.pkSectionId),
      ),
    );
  }, [report, sources.data, sections.data, reset]);
  return {
    report,
    loading: !!id && (q.isPending || sources.isPending || sections.isPending),
    error: q.error,
    acceptId: report && report.status === 'PENDING' ? report.pkFieldReportId : undefined,
  };
}

/** What the form was filled from, and what happens to the photo. */
export function FieldReportNotice({ state }: { state: FieldReportPrefill }) {
  const t = useT();
  const r = state.report;
  if (state.loading)
    return (
      <Flex align="center" gap="2" mb="4" color="fg.muted" data-testid="new-case-fr-loading">
        <Spinner size="sm" /> <Text fontSize="sm">{t('fieldReport.prefill.loading')}</Text>
      </Flex>
    );
  if (!r) {
    const offline = isApiError(state.error) && state.error.isOffline;
    return (
      <Alert.Root status="error" rounded="md" mb="4" data-testid="new-case-fr-error">
        <Alert.Indicator />
        <Alert.Description>
          {offline ? t('fieldReport.prefill.offline') : `${t('fieldReport.prefill.failed')} ${errorText(state.error)}`}
        </Alert.Description>
      </Alert.Root>
    );
  }
  const decided = r.status !== 'PENDING';
  return (
    <Alert.Root
      status={decided ? 'warning' : 'info'}
      rounded="md"
      mb="4"
      alignItems="flex-start"
      data-testid="new-case-fr-notice"
      data-status={r.status}
    >
      <Alert.Indicator />
      <Flex flex="1" minW="0" gap="3" align="flex-start" wrap="wrap">
        {r.photo && (
          <AuthThumbnail
            path={FIELD_REPORT_PATHS.photo(r.pkFieldReportId)}
            alt={t('fieldReport.photoOf', { type: r.incidentCategoryName })}
            testId="new-case-fr-thumb"
          />
        )}
        <Box flex="1 1 260px" minW="0">
          <Alert.Title>{t('fieldReport.prefill.title', { roster: r.dutyRoster.dutyRosterName })}</Alert.Title>
          <Alert.Description>
            <Text as="span" display="block">
              {[r.incidentCategoryName, r.sectionName, kmLabel(r.kilometerMarker), r.directionName].join(' · ')} —{' '}
              {t('fieldReport.byLine', {
                roster: r.dutyRoster.dutyRosterName,
                name: r.reportedBy.displayName,
                time: formatDateTimeShort(r.reportedAt),
              })}
            </Text>
            {r.note && (
              <Text as="span" display="block" mt="1" wordBreak="break-word">
                “{r.note}”
              </Text>
            )}
            <Text as="span" display="block" mt="1" fontWeight="semibold" data-testid="new-case-fr-photo-note">
              {decided ? t('fieldReport.prefill.decided') : r.photo ? t('fieldReport.prefill.photo') : t('fieldReport.prefill.noPhoto')}
            </Text>
          </Alert.Description>
        </Box>
      </Flex>
    </Alert.Root>
  );
}
