import type { ReactNode } from 'react';
import { FormProvider, useWatch, type UseFormReturn } from 'react-hook-form';
import { Box, Button, Heading, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { IncidentView } from '@contract/incidents';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { useSession, userRole } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { IncidentMainFields, SubformFields, type IncidentMainValues, type SubformValues } from '../form';
import type { MediaSlotProps } from './incident-detail-screen';
import { separatorRecipe } from '@chakra-theme/recipes/separator';

/**
 * The inline incident form of the detail page (§2.7): the main fields and the subform's top-level fields, read-only
 * until Kemaskini. The event type chosen in the main fields decides which subform shows (§4.2 type change).
 */
export function CaseForm({
  view: v,
  mainForm,
  sub,
  onSubChange,
  editing,
  mainReadOnly = false,
  subformPending,
  subformFailed,
  onRetrySubform,
  hideAssignTo,
  media,
  mediaDisabled,
}: {
  view: IncidentView;
  mainForm: UseFormReturn<IncidentMainValues>;
  sub: SubformValues;
  onSubChange: (next: SubformValues) => void;
  editing: boolean;
  /** the main fields stay read-only while editing (the patrol's further-details edit) */
  mainReadOnly?: boolean;
  subformPending: boolean;
  subformFailed: boolean;
  onRetrySubform: () => void;
  hideAssignTo: boolean;
  media?: (p: MediaSlotProps) => ReactNode;
  /** no upload or delete of Lampiran Media */
  mediaDisabled: boolean;
}) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const role = userRole(user);
  const regionId = SEES_ALL_REGIONS.includes(role.name as RoleName) ? undefined : user?.section.region.key;
  const eventTypeId = useWatch({ control: mainForm.control, name: 'pkIncidentCategoryId' });
  const typeChanged = eventTypeId !== v.incidentCategory.key;

  return (
    <Stack gap="0" data-testid="case-form" data-editing={editing ? 'true' : 'false'}>
      <Box p="4">
        <FormProvider {...mainForm}>
          <IncidentMainFields
            disabled={!editing || mainReadOnly}
            regionId={regionId}
            reportedBy={v.createdBy.displayName}
            dateTime={formatDateTime(v.incidentDateTime)}
            tickets={{ ticketNumber: v.ticketNumber, cipTicketNumber: v.cipTicketNumber, mhroadsTicketNumber: v.mhroadsTicketNumber }}
            currentRoster={v.dutyRoster}
            hideAssignTo={hideAssignTo}
          />
        </FormProvider>
      </Box>
      <Separator recipe={separatorRecipe} />
      <Box p="4" data-testid="case-subform">
        <Heading as="h3" size="sm" color="brand.ink" mb="3">
          {t('incident.detail.details')}
        </Heading>
        {subformPending && !typeChanged ? (
          <Stack gap="3" data-pending="">
            <Skeleton h="11" />
            <Skeleton h="11" />
            <Skeleton h="24" />
          </Stack>
        ) : subformFailed && !typeChanged ? (
          <Stack gap="2" align="flex-start">
            <Text color="red.fg" fontSize="sm">
              {t('incident.detail.subformFailed')}
            </Text>
            <Button size="sm" minH="11" variant="outline" onClick={onRetrySubform}>
              <LuRefreshCw /> {t('app.retry')}
            </Button>
          </Stack>
        ) : (
          <SubformFields eventTypeId={eventTypeId} value={sub} onChange={onSubChange} disabled={!editing} />
        )}
        {media && !typeChanged && <Box mt="5">{media({ incidentId: v.pkIncidentId, subformId: v.subformId, disabled: mediaDisabled })}</Box>}
      </Box>
    </Stack>
  );
}
