import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuTrash2 } from 'react-icons/lu';
import type { ChangeEntity } from '@contract/admin';
import { TEAM_NAME_MAX, TeamSaveSchema, type TeamDetail } from '@contract/teams';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/teams';
import '@/lib/i18n/parts/admin';
import { errorText } from '@/lib/api';
import { AdminForm, CheckboxInput, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory, historyKey } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { recordGate } from '@/ui/admin/record-gate';
import { notify } from '@/ui/toaster';
import { TeamMembersPanel } from './team-members-panel';
import { TeamSchedulePanel } from './team-schedule-panel';
import { useSectionOptions } from './use-section-options';
import { deleteTeamCall, saveTeamCall, TEAM_HISTORY_ENTITIES, teamCall, teamKeys } from './teams-api';

/** /createupdateteam/{teamId} ('baru' for a new team): details, members, schedule with its 28-day calendar, history. */
export function TeamEditScreen({ teamId, onSaved, onBack }: { teamId: number | 'new'; onSaved: (id: number) => void; onBack: () => void }) {
  const t = useT();
  const isNew = teamId === 'new';
  const team = useQuery({ queryKey: teamKeys.get(isNew ? 0 : teamId), queryFn: () => teamCall(teamId as number), enabled: !isNew });

  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="team-back">
      <LuArrowLeft /> {t('teams.back')}
    </Button>
  );

  const gate = recordGate({
    query: team,
    isNew,
    testId: 'team-edit',
    title: t('teams.edit'),
    failedTitle: t('teams.loadFailed'),
    actions: back,
    skeletons: ['40', '64'],
  });
  if (gate) return gate;
  const detail = isNew ? null : (team.data as TeamDetail);

  return (
    <Box data-testid="team-edit">
      <PageHeader
        title={detail ? `${t('teams.edit')}: ${detail.teamName}` : t('teams.new')}
        subtitle={
          detail ? (
            <HStack gap="2" as="span">
              <Badge colorPalette="brand" variant="solid" size="sm">
                {detail.sectionName}
              </Badge>
              <Badge colorPalette={detail.isActive ? 'green' : 'gray'} size="sm" data-testid="team-status">
                {detail.isActive ? t('admin.active') : t('admin.inactive')}
              </Badge>
              <Text as="span">{t('teams.rosterCount', { n: detail.rosterCount })}</Text>
            </HStack>
          ) : (
            t('teams.subtitle')
          )
        }
        actions={back}
      />
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="4" alignItems="start">
        <Panel heading={t('teams.details')}>
          <Box p="4">
            <TeamDetailsForm key={detail?.pkTeamId ?? 'new'} detail={detail} onSaved={onSaved} onBack={onBack} />
          </Box>
        </Panel>
        {detail ? (
          <TeamMembersPanel team={detail} />
        ) : (
          <Alert.Root status="info" rounded="lg" data-testid="team-save-first">
            <Alert.Indicator />
            <Alert.Title>{t('teams.saveFirst')}</Alert.Title>
          </Alert.Root>
        )}
      </Grid>
      {detail && (
        <Stack gap="4" mt="4">
          <TeamSchedulePanel team={detail} />
          <TeamHistory teamId={detail.pkTeamId} />
        </Stack>
      )}
    </Box>
  );
}

function TeamDetailsForm({ detail, onSaved, onBack }: { detail: TeamDetail | null; onSaved: (id: number) => void; onBack: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const sections = useSectionOptions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useAdminForm(TeamSaveSchema, {
    pkTeamId: detail?.pkTeamId,
    teamName: detail?.teamName ?? '',
    sectionId: detail?.sectionId,
    isActive: detail?.isActive ?? true,
  });

  const refresh = (teamId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ...TEAM_HISTORY_ENTITIES.map((entity) => queryClient.invalidateQueries({ queryKey: historyKey(entity, teamId) })),
    ]);

  const submit = async (values: { pkTeamId?: number; teamName: string; sectionId: number; isActive: boolean }) => {
    const outcome = await saveTeamCall(values);
    if (outcome.status === 'queued') {
      if (!detail) {
        notify.info(t('teams.queuedNew'));
        onBack();
      }
      return;
    }
    notify.success(t('teams.saved', { name: outcome.answer.teamName }));
    await refresh(outcome.answer.pkTeamId);
    if (!detail) onSaved(outcome.answer.pkTeamId);
    else
      form.reset({
        pkTeamId: outcome.answer.pkTeamId,
        teamName: outcome.answer.teamName,
        sectionId: outcome.answer.sectionId,
        isActive: outcome.answer.isActive,
      });
  };

  const remove = async () => {
    if (!detail) return;
    setDeleting(true);
    try {
      const outcome = await deleteTeamCall(detail.pkTeamId, detail.teamName);
      setConfirmDelete(false);
      if (outcome.status === 'queued') return onBack();
      await refresh(detail.pkTeamId);
      if (outcome.answer.deleted.includes(detail.pkTeamId)) {
        notify.success(t('teams.deleted', { name: detail.teamName }));
        onBack();
      } else {
        notify.warning(t('teams.deactivated', { name: detail.teamName }));
        form.setValue('isActive', false);
      }
    } catch (err) {
      setConfirmDelete(false);
      notify.error(errorText(err));
    } finally {
      setDeleting(false);
    }
  };

  const sectionOptions = (sections.data ?? []).map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} — ${s.description}` }));
  // a team of a section no longer listed keeps showing it
  if (detail && !sectionOptions.some((o) => o.value === detail.sectionId))
    sectionOptions.unshift({ value: detail.sectionId, label: detail.sectionName });

  return (
    <>
      <AdminForm
        form={form}
        onSubmit={submit}
        onCancel={onBack}
        testId="team-form"
        extraActions={
          detail && (
            <Button variant="outline" colorPalette="red" minH="11" onClick={() => setConfirmDelete(true)} data-testid="team-delete">
              <LuTrash2 /> {t('teams.delete')}
            </Button>
          )
        }
      >
        <TextInput
          form={form}
          name="teamName"
          label={t('teams.field.name')}
          required
          maxLength={TEAM_NAME_MAX}
          helper={t('teams.field.nameHelper')}
          testId="team-name-input"
        />
        <SelectInput
          form={form}
          name="sectionId"
          label={t('teams.field.section')}
          options={sectionOptions}
          placeholder={sections.isPending ? '…' : t('teams.field.sectionPlaceholder')}
          required
          testId="team-section-input"
          helper={sections.isError ? errorText(sections.error) : undefined}
        />
        <CheckboxInput
          form={form}
          name="isActive"
          label={t('teams.field.active')}
          fieldLabel={t('teams.col.status')}
          helper={t('teams.field.activeHint')}
          testId="team-active-input"
        />
      </AdminForm>
      <ConfirmDialog
        open={confirmDelete}
        title={t('teams.delete')}
        message={t('teams.deleteConfirm', { name: detail?.teamName ?? '' })}
        confirmLabel={t('admin.delete')}
        cancelLabel={t('admin.cancel')}
        colorPalette="red"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="team-delete-confirm"
      />
    </>
  );
}

const HISTORY_TABS: { entity: ChangeEntity; label: TextKey }[] = [
  { entity: 'team', label: 'teams.history.team' },
  { entity: 'teamMember', label: 'teams.history.members' },
  { entity: 'teamSchedule', label: 'teams.history.schedule' },
];

const HISTORY_LABELS: Record<string, TextKey> = {
  teamName: 'teams.label.teamName',
  sectionId: 'teams.label.sectionId',
  sectionName: 'teams.label.sectionName',
  isActive: 'teams.label.isActive',
  staffId: 'teams.label.staffId',
  staffNo: 'teams.label.staffNo',
  displayName: 'teams.label.displayName',
  shiftId: 'teams.label.shiftId',
  shiftName: 'teams.label.shiftName',
  vehicleId: 'teams.label.vehicleId',
  plateNumber: 'teams.label.plateNumber',
  cycleDays: 'teams.label.cycleDays',
  workDays: 'teams.label.workDays',
  members: 'teams.label.members',
  schedule: 'teams.label.schedule',
};

/** The history of the team, its members and its schedule (all kept under the team's id). */
function TeamHistory({ teamId }: { teamId: number }) {
  const t = useT();
  const [entity, setEntity] = useState<ChangeEntity>('team');
  const labels = Object.fromEntries(Object.entries(HISTORY_LABELS).map(([k, v]) => [k, t(v)]));
  return (
    <Stack gap="2" data-testid="team-history">
      <Flex gap="2" wrap="wrap" role="tablist">
        {HISTORY_TABS.map((tab) => (
          <Button
            key={tab.entity}
            role="tab"
            aria-selected={entity === tab.entity}
            size="sm"
            minH="11"
            variant={entity === tab.entity ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => setEntity(tab.entity)}
            data-testid={`team-history-${tab.entity}`}
          >
            {t(tab.label)}
          </Button>
        ))}
      </Flex>
      <ChangeHistory entity={entity} id={teamId} labels={labels} />
    </Stack>
  );
}
