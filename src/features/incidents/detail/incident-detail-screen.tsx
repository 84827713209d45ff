import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from '@tanstack/react-router';
import { Alert, Box, Button, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuBan, LuLock, LuMap, LuPencil, LuPrinter, LuRefreshCw, LuSave, LuUndo2, LuWifiOff } from 'react-icons/lu';
import type { IncidentView } from '@contract/incidents';
import { SUBFORMS, hidesAssignTo, isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import { STATUS, TIMING } from '@contract/lookups';
import { can, isPatrolRole } from '@contract/roles';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/clock';
import '@/lib/i18n/parts/incident';
import '@/lib/i18n/parts/map';
import { useSession, userRole } from '@/lib/session';
import { formatDate, formatDateTime, formatTime } from '@/lib/time';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { IncidentStatusBadge } from '@/ui/incident-status-badge';
import { JustificationDialog } from '@/ui/justification-dialog';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { useOpenSection } from '@/ui/use-open-section';
import type { CaseSection } from '@/lib/spec-routes';
import { notify } from '@/ui/toaster';
import {
  IncidentMainSchema,
  editSaveReady,
  emptyMainValues,
  emptySubformValues,
  mainValuesFromIncident,
  subformFailedKey,
  subformValuesFromRecord,
  type IncidentMainValues,
  type SubformValues,
} from '../form';
import { PatrolPanel } from '../patrol/patrol-panel';
import { AuditTrail } from './audit-trail';
import { CaseForm } from './case-form';
import { cancelCase, closeCase, saveLaneOpenings, incidentKeys, saveCaseEdit, CaseEditError, type CaseEdit } from './detail-api';
import { QueuedCaseWrites } from './queued-writes';
import { useQueuedItems } from '@/offline/queued';

const AUDIT_KIND = ['audit.save'] as const;
import { useEditDraft } from './use-edit-draft';
import { detailActions } from './detail-rules';
import { useIncidentAudit, useIncidentSubform, useIncidentView, useSubformChildren } from './use-incident';
import { applyChildAnswers, planChildSaves } from '../form/children-io';
import { IncidentClockPanel } from './incident-clock';
import { OpenLanesDialog } from './open-lanes-dialog';
import { SecondaryCrashFlag } from './secondary-flag';
import type { LaneClosureItem } from '../form/children-model';
import { buildDetailsEdit, buildEdit, printPath, type CaseDraft } from './save-plan';
import type { MapSlotProps } from '@/lib/case-dialog';
import { useLookupLabel } from '@/lib/lookups';

/** What the route's journal slot gets to draw the case journal beside the audit trail. */
export interface JournalSlotProps {
  incidentId: number;
  subformId: number | null;
  ticketNumber: string;
}

export interface MediaSlotProps {
  incidentId: number;
  subformId: number | null;
  /** read-only unless the case may be edited by this user */
  disabled: boolean;
}

type Ask = null | 'cancelConfirm' | 'cancelJustify' | 'closeConfirm' | 'openLanes' | 'saveJustify';

/**
 * Incident detail /insidenView/{id} (§2.7): title, the inline form (read-only until Kemaskini), Audit Trail and
 * Journal on the right, the buttons of §4.2/§6 and, for the assigned patrol, the patrol's next steps.
 */
export function IncidentDetailScreen({
  incidentId,
  journal,
  media,
  onCaseChanged,
  draftId,
  mapDialog,
  openSection,
}: {
  incidentId: number;
  /** ?section=: open at the journal, the further actions or the assistance (issue #19, /journalEntry …) */
  openSection?: CaseSection;
  /** ?draft=<id>: an edit draft to resume (issue #4) */
  draftId?: string;
  /** the case journal (composed by the route) */
  journal?: (p: JournalSlotProps) => ReactNode;
  /** Lampiran Media of the subform, under its fields (composed by the route) */
  media?: (p: MediaSlotProps) => ReactNode;
  /** after a write that may add journal entries (the data-correction entry) */
  onCaseChanged?: () => void;
  /** the map dialog (§2.8), composed by the route; the 'Peta' button shows for the roles with the map */
  mapDialog?: (p: MapSlotProps) => ReactNode;
}) {
  const t = useT();
  const qc = useQueryClient();
  const router = useRouter();
  const session = useSession();
  const role = userRole(session?.user);

  const view = useIncidentView(incidentId);
  const audit = useIncidentAudit(incidentId);
  const v = view.data?.data;
  const typeId = v && isEventTypeId(v.incidentCategory.key) ? (v.incidentCategory.key as EventTypeId) : null;
  const subform = useIncidentSubform(typeId, v?.subformId);
  const children = useSubformChildren(typeId, v?.subformId);
  const savedSub = (): SubformValues => (subform.data ? subformValuesFromRecord(subform.data, children.data) : emptySubformValues());

  // §8: an audit list that fails to load says so (and the panel offers a retry); not for a case that did not load
  // itself (not found, another region): the screen says that, and 'try again' would not help
  const viewLoaded = view.isSuccess;
  useEffect(() => {
    if (audit.isError && viewLoaded) notify.error(t('incident.audit.loadFailed'), { id: 'audit-load' });
  }, [audit.isError, viewLoaded, t]);

  const [editing, setEditing] = useState(false);
  /** the assigned patrol's edit: the further details only (main record read-only, not sent) */
  const [detailsOnly, setDetailsOnly] = useState(false);
  const mainForm = useForm<IncidentMainValues>({ resolver: zodResolver(IncidentMainSchema), defaultValues: emptyMainValues(), mode: 'onSubmit' });
  const [sub, setSub] = useState<SubformValues>(emptySubformValues);
  // while not editing, the form shows the saved case (and follows it when it changes, §2.15)
  useEffect(() => {
    if (!editing && v) mainForm.reset(mainValuesFromIncident(v));
  }, [v, editing, mainForm]);
  useEffect(() => {
    if (!editing) setSub(subform.data ? subformValuesFromRecord(subform.data, children.data) : emptySubformValues());
  }, [subform.data, children.data, editing]);
  const [ask, setAsk] = useState<Ask>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [sectionError, setSectionError] = useState(false);
  // the refusal as it came, shown in the language of the moment
  const [justifyError, setJustifyError] = useState<unknown>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useOpenSection(rootRef, openSection, !!v && !subform.isFetching && !children.isFetching);

  // the §5 section-check error shows for 10 s
  useEffect(() => {
    if (!sectionError) return;
    const timer = setTimeout(() => setSectionError(false), TIMING.sectionCheckErrorMs);
    return () => clearTimeout(timer);
  }, [sectionError]);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: incidentKeys.view(incidentId) });
    void qc.invalidateQueries({ queryKey: incidentKeys.audit(incidentId) });
    void qc.invalidateQueries({ queryKey: ['incident', 'subform'] });
    void qc.invalidateQueries({ queryKey: ['incident', 'children'] });
    onCaseChanged?.();
  };

  // the user's status writes of this case still on the device move the buttons on (offline, Terima then Tiba)
  const queuedAudit = useQueuedItems({ id: incidentId }, AUDIT_KIND);
  const queuedStatuses = queuedAudit
    .map((i) => (i.body as { incidentStatusId?: number }).incidentStatusId)
    .filter((n): n is number => typeof n === 'number');
  const effectiveStatus = queuedStatuses.length ? queuedStatuses[queuedStatuses.length - 1] : (v?.incidentStatusId ?? null);
  const actions = v
    ? detailActions({
        roleName: role.name,
        status: effectiveStatus,
        hasDoneEntry: v.hasDoneEntry || queuedStatuses.some((s) => s === STATUS.CASE_DONE || s === STATUS.NEGATIVE),
        everCancelled: v.everCancelled || queuedStatuses.includes(STATUS.CANCELLED),
        assignedToCaller: v.assignedToCaller,
        editing,
      })
    : null;

  // ---------------------------------------------------------------- writes

  const auditCtx = (statusName: string) => ({ userId, ticket: v?.ticketNumber ?? '', statusName, base: v?.version ?? null });

  // the edit form autosaves to a draft (issue #4 item 2); ?draft= resumes one
  const editDraft = useEditDraft({
    draftId,
    view: v,
    editing,
    main: mainForm,
    sub,
    subformVersion: subform.data?.version ?? null,
    onResume: (d) => {
      mainForm.reset(d.main);
      setSub(d.sub);
      setDetailsOnly(!can(role.name, 'editCase'));
      setEditing(true);
    },
  });

  // the user's queued writes delivered (here, in another tab or by the service worker): the sync runtime
  // (src/features/sync/sync-runtime.ts) refreshes every query, this case's too

  const userId = session?.user.userId ?? '';
  const typeNameOf = (edit: CaseEdit) =>
    (edit.subform && edit.subform.type === typeId ? v?.incidentCategory.value : undefined) ?? String(edit.incident?.pkIncidentCategoryId ?? typeId);
  const save = useMutation({
    mutationFn: async (edit: CaseEdit) =>
      saveCaseEdit(edit, {
        incidentId,
        userId,
        ticket: v?.ticketNumber ?? '',
        typeName: typeNameOf(edit),
        formValues: editDraft.values(),
        replaces: await editDraft.replaces(),
      }),
    onSuccess: async (r, edit) => {
      setAsk(null);
      setConflict(false);
      editDraft.drop();
      if (r.queued) {
        // kept on the device: the form leaves edit mode, the queued write shows above the audit trail
        setEditing(false);
        return;
      }
      notify.success(edit.incident?.justification ? t('incident.correctionOk') : t('incident.saveOk'));
      onCaseChanged?.();
      // leave edit mode once the saved case is back, so the form never flashes the old values
      await Promise.all([
        qc.refetchQueries({ queryKey: incidentKeys.view(incidentId) }),
        qc.refetchQueries({ queryKey: incidentKeys.audit(incidentId) }),
        qc.refetchQueries({ queryKey: ['incident', 'subform'] }),
        qc.refetchQueries({ queryKey: ['incident', 'children'] }),
      ]).catch(() => {});
      setEditing(false);
    },
    onError: (err, edit) => {
      setAsk(null);
      // what went through before the refusal keeps its server ids in the form: sending again repeats nothing
      if (err instanceof CaseEditError && err.answered) {
        const answered = err.answered;
        setSub((cur) => ({
          ...cur,
          ...(answered.subform && cur.subformId === null ? { subformId: answered.subform.subformId } : {}),
          ...(answered.subform ? { version: answered.subform.version } : {}),
          children: applyChildAnswers(cur.children, answered),
        }));
      }
      const cause = err instanceof CaseEditError ? err.cause : err;
      if (isApiError(cause) && cause.status === 409 && !(err instanceof CaseEditError && err.saved)) {
        // keep the user's edits on screen; the version stays the old one until they reload
        setConflict(true);
        return;
      }
      const title =
        err instanceof CaseEditError && err.stage === 'children'
          ? t('incident.childrenFailed')
          : err instanceof CaseEditError && err.stage === 'subform' && edit.subform
            ? t(subformFailedKey(edit.subform.type))
            : t('incident.saveFailed');
      notify.error(errorText(cause), { title });
      // a step may have gone through (main record saved, subform not): read the case again, keep the edits
      refresh();
    },
  });

  const cancel = useMutation({
    mutationFn: (justification: string) => cancelCase(incidentId, justification, auditCtx(t('incident.action.cancelCase'))),
    onSuccess: (row) => {
      setAsk(null);
      setJustifyError(null);
      if (row) notify.success(t('incident.cancelOk'));
      refresh();
    },
    onError: (err) => {
      setJustifyError(err);
      notify.error(errorText(err), { title: t('incident.cancelFailed') });
    },
  });

  // Tutup with lanes still closed: their Masa Buka first (issue #5 item 3)
  const openClosures = (children.data?.laneClosures ?? []).filter((c) => !c.dateEndSelected || !c.timeEndSelected);
  const closeWithOpenings = useMutation({
    mutationFn: async (updated: LaneClosureItem[]) => {
      if (!children.data || !typeId || !v?.subformId) return null;
      const byUid = new Map(updated.map((c) => [c.uid, c]));
      const next = { ...children.data, laneClosures: children.data.laneClosures.map((c) => byUid.get(c.uid) ?? c) };
      const plan = planChildSaves(SUBFORMS[typeId].kind, next, children.data);
      await saveLaneOpenings(
        { deletes: [], saves: plan.saves.filter((s) => s.list === 'roadLaneClosureList') },
        { userId, ticket: v.ticketNumber, incidentId, subformId: v.subformId },
      );
      return closeCase(incidentId, auditCtx(t('incident.action.close')));
    },
    onSuccess: (row) => {
      setAsk(null);
      if (row) notify.success(t('incident.closeOk'));
      refresh();
    },
    onError: (err) => notify.error(errorText(err), { title: t('clock.openLanes.failed') }),
  });

  const close = useMutation({
    mutationFn: () => closeCase(incidentId, auditCtx(t('incident.action.close'))),
    onSuccess: (row) => {
      setAsk(null);
      if (row) notify.success(t('incident.closeOk'));
      refresh();
    },
    onError: (err) => {
      setAsk(null);
      notify.error(errorText(err), { title: t('incident.auditFailed') });
    },
  });

  const startEdit = (onlyDetails = false) => {
    if (!v) return;
    setDetailsOnly(onlyDetails);
    setConflict(false);
    mainForm.reset(mainValuesFromIncident(v));
    setSub(savedSub());
    setEditing(true);
  };

  const stopEdit = () => {
    editDraft.drop();
    setEditing(false);
    setConflict(false);
    setSectionError(false);
  };

  const draft = (): CaseDraft => ({ main: mainForm.getValues(), sub });

  const trySave = async () => {
    if (!v || !actions) return;
    if (detailsOnly) {
      save.mutate(buildDetailsEdit(v, subform.data ?? null, sub, children.data ?? null));
      return;
    }
    const d = draft();
    const rosterNeeded = !hidesAssignTo(v.incidentStatusId) && !isFinalStatus(v.incidentStatusId);
    if (!editSaveReady(d.main) || (rosterNeeded && d.main.pkDutyRosterId === null)) {
      setSectionError(true);
      return;
    }
    setSectionError(false);
    // the other required fields (a section change empties the event location) show their own messages
    if (!(await mainForm.trigger())) return;
    if (actions.saveNeedsJustification) {
      setJustifyError(null);
      setAsk('saveJustify');
      return;
    }
    save.mutate(buildEdit(v, subform.data ?? null, d, undefined, children.data ?? null));
  };

  const reloadAfterConflict = async () => {
    setConflict(false);
    setEditing(false);
    await Promise.all([view.refetch(), audit.refetch()]);
    void qc.invalidateQueries({ queryKey: ['incident', 'subform'] });
    void qc.invalidateQueries({ queryKey: ['incident', 'children'] });
  };

  const openPrint = () => {
    if (!v) return;
    window.open(printPath(v.pkIncidentId, v.subformId), '_blank');
  };

  // ---------------------------------------------------------------- states

  if (view.isPending) return <DetailSkeleton />;
  if (view.isError || !v || !actions) {
    const missing = isApiError(view.error) && (view.error.status === 404 || view.error.status === 403);
    return (
      <Box data-testid="incident-detail-error">
        <BackButton onClick={() => router.history.back()} label={t('incident.detail.back')} />
        <ErrorBlock
          title={missing ? t('incident.detail.notFound') : t('incident.detail.loadFailed')}
          message={errorText(view.error)}
          offline={isApiError(view.error) && view.error.kind !== 'http'}
          onRetry={missing ? undefined : () => view.refetch()}
        />
      </Box>
    );
  }

  const status = v.incidentStatusId;
  const patrolUser = isPatrolRole(role.name);

  return (
    <Box ref={rootRef} data-testid="incident-detail" data-incident-id={v.pkIncidentId} data-status-id={status ?? ''}>
      <DetailHeader view={v} offlineAt={view.data?.cachedAt ?? null} onBack={() => router.history.back()}>
        {mapDialog && can(role.name, 'map') && (
          <Button variant="outline" minH="11" onClick={() => setMapOpen(true)} data-testid="detail-map">
            <LuMap /> {t('map.dialog.open')}
          </Button>
        )}
        {mapOpen &&
          mapDialog?.({
            incidentId: v.pkIncidentId,
            ticketNumber: v.ticketNumber,
            latitude: v.latitude,
            longitude: v.longtitude,
            regionId: v.section.region.key,
            sectionId: v.section.pkSectionId,
            sectionName: v.section.sectionName,
            kilometer: v.kilometerMarker,
            directionId: v.cardinalDirection.key,
            onClose: () => setMapOpen(false),
          })}
        {actions.print && (
          <Button variant="outline" minH="11" onClick={openPrint} data-testid="detail-print">
            <LuPrinter /> {t('incident.action.print')}
          </Button>
        )}
        {actions.edit && (
          <Button
            colorPalette="brand"
            minH="11"
            onClick={() => startEdit()}
            disabled={(subform.isPending || children.isPending) && !!v.subformId}
            data-testid="detail-edit"
          >
            <LuPencil /> {t('incident.action.edit')}
          </Button>
        )}
        {actions.editDetails && (
          <Button
            colorPalette="brand"
            minH="11"
            onClick={() => startEdit(true)}
            disabled={(subform.isPending || children.isPending) && !!v.subformId}
            data-testid="detail-edit-details"
          >
            <LuPencil /> {t('incident.action.editDetails')}
          </Button>
        )}
        {actions.close && (
          <Button colorPalette="teal" minH="11" onClick={() => setAsk(openClosures.length ? 'openLanes' : 'closeConfirm')} data-testid="detail-close">
            <LuLock /> {t('incident.action.close')}
          </Button>
        )}
        {actions.cancelCase && (
          <Button colorPalette="red" variant="solid" minH="11" onClick={() => setAsk('cancelConfirm')} data-testid="detail-cancel-case">
            <LuBan /> {t('incident.action.cancelCase')}
          </Button>
        )}
      </DetailHeader>

      {actions.patrol && patrolUser && (
        <Box mb="4">
          <PatrolPanel view={v} steps={actions.patrolSteps} onDone={refresh} />
        </Box>
      )}

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(340px, 2fr)' }} gap="4" alignItems="start">
        <Panel heading={t('incident.detail.caseInfo')} data-testid="detail-form-panel">
          {editing && (
            <Text px="4" pt="3" fontSize="sm" color={actions.saveNeedsJustification ? 'orange.fg' : 'brand.fg'} data-testid="detail-editing-note">
              {actions.saveNeedsJustification ? t('incident.detail.correcting') : t('incident.detail.editing')}
            </Text>
          )}
          <CaseForm
            view={v}
            mainForm={mainForm}
            sub={sub}
            onSubChange={setSub}
            editing={editing}
            mainReadOnly={detailsOnly}
            subformPending={(subform.isPending || children.isPending) && !!v.subformId}
            subformFailed={subform.isError || children.isError}
            onRetrySubform={() => void Promise.all([subform.refetch(), children.refetch()])}
            hideAssignTo={hidesAssignTo(status)}
            media={media}
            mediaDisabled={!(editing || (v.assignedToCaller && can(role.name, 'editSubform') && !isFinalStatus(status)))}
          />
          {(actions.save || actions.cancelEdit) && (
            // Simpan and Batal Kemaskini stay in reach at the bottom of the screen while the long form scrolls
            <Flex
              position="sticky"
              bottom="0"
              zIndex="docked"
              gap="2"
              justify="flex-end"
              wrap="wrap"
              px="4"
              py="3"
              bg="bg.panel"
              borderTopWidth="1px"
              borderColor="border"
              roundedBottom="lg"
              boxShadow="0 -4px 12px rgba(11, 37, 69, 0.08)"
              data-testid="detail-edit-bar"
            >
              {conflict && (
                <Alert.Root status="warning" w="full" alignItems="center" data-testid="detail-conflict">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t('incident.conflictTitle')}</Alert.Title>
                    <Alert.Description>{t('incident.conflictText')}</Alert.Description>
                  </Alert.Content>
                  <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={reloadAfterConflict} data-testid="detail-conflict-reload">
                    <LuRefreshCw /> {t('incident.conflictReload')}
                  </Button>
                </Alert.Root>
              )}
              {sectionError && (
                <Alert.Root status="error" w="full" data-testid="detail-section-error">
                  <Alert.Indicator />
                  <Alert.Title>{t('incident.sectionCheck')}</Alert.Title>
                </Alert.Root>
              )}
              {actions.cancelEdit && (
                <Button variant="outline" minH="11" onClick={stopEdit} disabled={save.isPending} data-testid="detail-cancel-edit">
                  <LuUndo2 /> {t('incident.action.cancelEdit')}
                </Button>
              )}
              {actions.save && (
                <Button colorPalette="brand" minH="11" minW="32" onClick={trySave} loading={save.isPending} data-testid="detail-save">
                  <LuSave /> {t('incident.action.save')}
                </Button>
              )}
            </Flex>
          )}
        </Panel>

        {/* a patrol on a tablet (one column) needs the journal before the read-only form */}
        <Stack gap="4" order={{ base: patrolUser && !editing ? -1 : 0, xl: 0 }}>
          {actions.patrol && !patrolUser && <PatrolPanel view={v} steps={actions.patrolSteps} onDone={refresh} variant="compact" />}
          <IncidentClockPanel createdDate={v.createdDate} audit={audit.data?.data ?? []} laneClosures={children.data?.laneClosures ?? []} />
          <Panel heading={t('incident.detail.auditTrail')} data-testid="detail-audit-panel">
            <Box maxH={{ xl: '460px' }} overflowY="auto">
              <QueuedCaseWrites incidentId={incidentId} />
              <AuditTrail rows={audit.data?.data} pending={audit.isPending} failed={audit.isError} onRetry={() => audit.refetch()} />
            </Box>
          </Panel>
          {journal && (
            <Box data-testid="detail-journal-slot">
              {journal({ incidentId: v.pkIncidentId, subformId: v.subformId, ticketNumber: v.ticketNumber })}
            </Box>
          )}
        </Stack>
      </Grid>

      <OpenLanesDialog
        open={ask === 'openLanes'}
        closures={openClosures}
        pending={closeWithOpenings.isPending}
        onConfirm={(updated) => closeWithOpenings.mutate(updated)}
        onCancel={() => setAsk(null)}
      />
      <ConfirmDialog
        open={ask === 'closeConfirm'}
        message={t('incident.closeConfirm')}
        confirmLabel={t('incident.action.close')}
        colorPalette="teal"
        pending={close.isPending}
        onConfirm={() => close.mutate()}
        onCancel={() => setAsk(null)}
        testId="close-confirm"
      />
      <ConfirmDialog
        open={ask === 'cancelConfirm'}
        message={t('incident.cancelConfirm')}
        colorPalette="red"
        onConfirm={() => {
          setJustifyError(null);
          setAsk('cancelJustify');
        }}
        onCancel={() => setAsk(null)}
        testId="cancel-confirm"
      />
      <JustificationDialog
        open={ask === 'cancelJustify'}
        title={t('incident.cancelJustifyTitle')}
        colorPalette="red"
        pending={cancel.isPending}
        error={justifyError == null ? null : errorText(justifyError)}
        onSubmit={(text) => cancel.mutate(text)}
        onCancel={() => setAsk(null)}
        testId="cancel-justify"
      />
      <JustificationDialog
        open={ask === 'saveJustify'}
        title={t('incident.correctionJustifyTitle')}
        description={t('incident.correctionJustifyHint')}
        pending={save.isPending}
        onSubmit={(justification) => save.mutate(buildEdit(v, subform.data ?? null, draft(), justification, children.data ?? null))}
        onCancel={() => setAsk(null)}
        testId="save-justify"
      />
    </Box>
  );
}

const isFinalStatus = (s: number | null) => s === STATUS.CLOSED || s === STATUS.CANCELLED;

function BackButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button variant="ghost" size="sm" minH="11" px="2" mb="2" color="brand.fg" onClick={onClick} data-testid="detail-back">
      <LuArrowLeft /> {label}
    </Button>
  );
}

/** Title of §2.7: incident type, KM, direction, status chip, 'Bertarikh' and the date; the ticket references. */
function DetailHeader({
  view: v,
  offlineAt,
  onBack,
  children,
}: {
  view: IncidentView;
  offlineAt: string | null;
  onBack: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const typeLabel = useLookupLabel('incidentCategory');
  const directionLabel = useLookupLabel('cardinalDirection');
  const refs = useMemo(
    () =>
      [
        { label: t('incident.detail.ticket'), value: v.ticketNumber, testId: 'detail-ticket' },
        { label: t('incident.detail.cipTicket'), value: v.cipTicketNumber, testId: 'detail-cip' },
        { label: t('incident.detail.mhroadsTicket'), value: v.mhroadsTicketNumber, testId: 'detail-mhroads' },
      ].filter((r) => !!r.value),
    [v, t],
  );
  return (
    <Box mb="4">
      <BackButton onClick={onBack} label={t('incident.detail.back')} />
      <Flex align={{ base: 'flex-start', lg: 'center' }} justify="space-between" gap="4" wrap="wrap">
        <Box minW="0" flex="1 1 420px">
          <HStack gap="3" wrap="wrap" align="center">
            <Heading as="h1" size={{ base: 'lg', md: 'xl' }} color="brand.ink" lineHeight="1.2" data-testid="detail-title">
              {typeLabel(v.incidentCategory.key, v.incidentCategory.value)} · KM {v.kilometerMarker} ·{' '}
              {directionLabel(v.cardinalDirection.key, v.cardinalDirection.value)}
            </Heading>
            <IncidentStatusBadge statusId={v.incidentStatusId} label={v.incidentStatus} size="lg" />
          </HStack>
          <Text mt="1" color="fg.muted" fontSize="sm" data-testid="detail-date">
            {t('incident.detail.dated')} {formatDate(v.incidentDateTime)}
            <Text as="span" ms="2" fontVariantNumeric="tabular-nums">
              {formatTime(v.incidentDateTime)}
            </Text>
            <Text as="span" mx="2">
              ·
            </Text>
            {v.section.sectionName}
            {v.specificSection ? ` (${v.specificSection.sectionName})` : ''} · {v.highway.value}
          </Text>
          {offlineAt && (
            <HStack gap="1.5" mt="2" color="orange.fg" fontSize="sm" data-testid="detail-offline">
              <LuWifiOff />
              <Text>{t('incident.detail.offlineCopy', { time: formatDateTime(offlineAt) })}</Text>
            </HStack>
          )}
          <Flex gap="2" mt="2" wrap="wrap">
            {refs.map((r) => (
              <HStack key={r.testId} gap="1.5" bg="bg.muted" rounded="md" px="2" py="1" fontSize="sm">
                <Text color="fg.muted">{r.label}:</Text>
                <Text fontFamily="mono" fontWeight="semibold" data-testid={r.testId}>
                  {r.value}
                </Text>
              </HStack>
            ))}
            <HStack gap="1.5" bg={v.dutyRoster ? 'brand.subtle' : 'orange.subtle'} rounded="md" px="2" py="1" fontSize="sm">
              <Text color="fg.muted">{t('incident.detail.roster')}:</Text>
              <Text fontWeight="semibold" data-testid="detail-roster">
                {v.dutyRoster ? v.dutyRoster.dutyRosterName : t('incident.detail.noRoster')}
              </Text>
            </HStack>
          </Flex>
          <SecondaryCrashFlag incidentId={v.pkIncidentId} version={v.version} />
        </Box>
        <Flex gap="2" wrap="wrap" justify={{ base: 'flex-start', lg: 'flex-end' }} data-testid="detail-actions">
          {children}
        </Flex>
      </Flex>
    </Box>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="4" data-testid="incident-detail-loading">
      <Skeleton h="10" w="60%" />
      <Skeleton h="5" w="40%" />
      <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4">
        <Skeleton h="96" />
        <Skeleton h="72" />
      </Grid>
    </Stack>
  );
}
