/**
 * /senaraisemak/{rosterId} — the daily vehicle and asset checklist on the patrol's tablet (issue #16; §3.12, §7.6).
 * Two phases, 'Pra-syif' then 'Pasca-syif': the odometer (and at PRE the Touch 'n Go and fuel cards), then every item
 * by asset category with big touch targets and a progress count always in sight; an item short or damaged needs a
 * photo; 'Hantar' once every item is checked and every defect photographed. The roster's form (forRoster) is kept
 * on the device, what the patrol types is a draft on the device (a reload loses nothing), and the submit goes through
 * the outbox (the save, then its photos, in the roster's group): shown at once as recorded 'Belum dihantar' until
 * the server has it; a refusal shows the server's message and keeps the values for correction. A recorded phase is
 * shown read-only with its statuses and photos, and the next phase offered.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Field, Flex, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuCarFront, LuCircleCheck, LuCloudOff, LuNotebookPen, LuRadio, LuSend, LuTriangleAlert } from 'react-icons/lu';
import { CHECKLIST_PHASES, kmOf, type ChecklistPhase } from '@contract/checklist-rules';
import type { ChecklistForm } from '@contract/checklist';
import { can } from '@contract/roles';
import { errorText, isApiError } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import { useSession, userRole } from '@/lib/session';
import { formatClock, formatDate, formatDateTimeShort, isoDateToDisplay } from '@/lib/time';
import { useOnline } from '@/lib/use-online';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { ParkedWriteError } from '@/offline/writes';
import {
  discardQueued,
  removeDraft,
  sendSubmit,
  useChecklistDraft,
  useChecklistForm,
  useDeliveredIntoForm,
  useQueuedChecklist,
  writeDraft,
  type ChecklistDraftValues,
} from './checklist-api';
import { ChecklistItemCard } from './checklist-item-card';
import { RecordedPhaseView } from './checklist-recorded';
import {
  buildSave,
  currentPhase,
  emptyValues,
  entryOf,
  groupByCategory,
  odometerError,
  parseOdometer,
  phaseStates,
  planSubmit,
  progressOf,
  progressText,
  queuedPhases,
  recordedOfQueued,
  recordedOfServer,
  recordedOfValues,
  specsFor,
  type FieldErrors,
  type ItemEntry,
  type PhaseState,
  type PhaseValues,
} from './checklist-rules';

/** The server's message of a refusal as it came (shown through serverText, in the language of the moment), else a readable line. */
const messageOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.statusMsg ? err.statusMsg : errorText(err));

const stripSubmitted = (v: ChecklistDraftValues): PhaseValues => ({
  odometer: v.odometer,
  noKadTng: v.noKadTng,
  noKadBahanApi: v.noKadBahanApi,
  items: v.items,
});

export function ChecklistScreen({ rosterId, onBack, onOpenActivityLog }: { rosterId: number; onBack: () => void; onOpenActivityLog: () => void }) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const online = useOnline();
  const formQ = useChecklistForm(rosterId);
  useDeliveredIntoForm(rosterId);
  const queued = useQueuedChecklist(rosterId);
  const preDraft = useChecklistDraft(rosterId, 'PRE');
  const postDraft = useChecklistDraft(rosterId, 'POST');
  const drafts = { PRE: preDraft, POST: postDraft };

  const form: ChecklistForm | null = formQ.data?.form ?? null;
  const qPhases = useMemo(() => queuedPhases(queued.items), [queued.items]);
  const states = phaseStates(form?.checklist ?? null, qPhases);

  // ---- what the patrol types: local state, written to the device's draft on every change
  const [values, setValues] = useState<Record<ChecklistPhase, PhaseValues | null>>({ PRE: null, POST: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the drafts' first answer (loaded or not) seeds the form; later draft saves must not overwrite what is typed
  useEffect(() => {
    setValues((old) => {
      let next = old;
      for (const p of CHECKLIST_PHASES) {
        const d = drafts[p];
        if (old[p] === null && d !== undefined) next = { ...next, [p]: d ? stripSubmitted(d.values) : emptyValues() };
      }
      return next;
    });
  }, [preDraft === undefined, postDraft === undefined]);

  const [phase, setPhase] = useState<ChecklistPhase | null>(null);
  useEffect(() => {
    if (phase === null && form && queued.loaded) setPhase(currentPhase(states));
  }, [phase, form, queued.loaded, states]);
  const shown: ChecklistPhase = phase ?? 'PRE';

  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const odoRef = useRef<HTMLInputElement | null>(null);

  // ---- a submitted draft leaves once the server has the phase; a submit that vanished (discarded) opens again
  const goneAt = useRef<Partial<Record<ChecklistPhase, number>>>({});
  useEffect(() => {
    if (!user || !queued.loaded || !form) return;
    for (const p of CHECKLIST_PHASES) {
      const d = drafts[p];
      const ids = d?.values.submitted;
      if (!d || !ids?.length) {
        delete goneAt.current[p];
        continue;
      }
      if (ids.some((id) => queued.items.some((i) => i.clientId === id))) continue;
      const onServer = p === 'PRE' ? !!form.checklist : !!form.checklist?.postAt;
      if (onServer) {
        void removeDraft(user.userId, rosterId, p);
        continue;
      }
      const at = goneAt.current[p];
      if (at === undefined) {
        goneAt.current[p] = Date.now();
        void formQ.refetch();
      } else if (!formQ.isFetching && formQ.dataUpdatedAt > at && formQ.data?.cachedAt === null) {
        delete goneAt.current[p];
        void writeDraft({ userId: user.userId, rosterId, phase: p, title: d.title, values: stripSubmitted(d.values) });
      }
    }
  });

  const role = userRole(user).name;
  const vehicle = form?.vehicle ?? null;
  const locked = !!form?.roster.locked;
  const mayWrite = can(role, 'checklistWrite') && !!form?.can.save && !locked && !!vehicle;
  const specs = useMemo(() => (form ? specsFor(form) : []), [form]);
  const draftTitle = (p: ChecklistPhase) => t('cl.draftTitle', { phase: t(`cl.phase.${p}`), plate: vehicle?.plateNumber ?? `#${rosterId}` });

  const preOdometer = form?.checklist?.odometerPre ?? qPhases.PRE?.save?.odometer ?? (values.PRE ? parseOdometer(values.PRE.odometer) : null);

  // the latest values (taps come faster than renders)
  const latest = useRef(values);
  latest.current = values;
  function change(p: ChecklistPhase, patch: Partial<PhaseValues>) {
    if (!user) return;
    const next = { ...(latest.current[p] ?? emptyValues()), ...patch };
    latest.current = { ...latest.current, [p]: next };
    setValues(latest.current);
    void writeDraft({ userId: user.userId, rosterId, phase: p, title: draftTitle(p), values: next }).catch((err) =>
      notify.error(serverText(messageOf(err))),
    );
    if (patch.odometer !== undefined) {
      setOdometerLeft(false);
      if (errors.odometer) setErrors((e) => ({ ...e, odometer: undefined }));
    }
  }
  const changeItem = (p: ChecklistPhase, masterId: number, entry: ItemEntry) =>
    change(p, { items: { ...(latest.current[p]?.items ?? {}), [String(masterId)]: entry } });

  const odometerContext = (p: ChecklistPhase) => ({
    phase: p,
    lastOdometer: vehicle?.lastOdometer ?? null,
    lastOdometerDate: vehicle?.lastOdometerAt ? formatDate(vehicle.lastOdometerAt) : null,
    preOdometer,
  });
  // the odometer is checked as soon as the patrol leaves the field (and again on Hantar)
  const [odometerLeft, setOdometerLeft] = useState(false);

  async function submit(p: ChecklistPhase) {
    const v = values[p];
    if (!user || !form || !vehicle || !v) return;
    const built = buildSave({
      phase: p,
      rosterId,
      vehicleId: vehicle.pkVehicleId,
      specs,
      values: v,
      odometer: odometerContext(p),
      recordedAt: new Date().toISOString(),
    });
    if (!built.ok) {
      setErrors(built.errors);
      if (built.errors.odometer) odoRef.current?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setSubmitting(true);
    try {
      // a refused submit is replaced, not queued behind (and a POST waiting behind a refused PRE goes with it)
      const refused = qPhases[p];
      if (refused) {
        const drop = [...refused.items, ...(p === 'PRE' && qPhases.POST ? qPhases.POST.items : [])];
        await discardQueued(drop);
        if (p === 'PRE' && qPhases.POST && postDraft)
          await writeDraft({ userId: user.userId, rosterId, phase: 'POST', title: postDraft.title, values: stripSubmitted(postDraft.values) });
      }
      const plate = vehicle.plateNumber;
      const items = planSubmit(
        {
          userId: user.userId,
          rosterId,
          label: t('cl.queuedLabel', { phase: t(`cl.phase.${p}`), plate, roster: form.roster.dutyRosterName }),
          photoLabel: (item) => t('cl.queuedPhoto', { item, plate }),
        },
        built.body,
        built.photos,
      );
      await writeDraft({ userId: user.userId, rosterId, phase: p, title: draftTitle(p), values: { ...v, submitted: items.map((i) => i.clientId!) } });
      const out = await sendSubmit(items);
      if (out.status === 'sent') notify.success(t('cl.saved'));
    } catch (err) {
      // refused at once: the values stay as typed, with the server's message
      await writeDraft({ userId: user.userId, rosterId, phase: p, title: draftTitle(p), values: v }).catch(() => undefined);
      const msg = messageOf(err);
      setServerError(msg);
      if (!(err instanceof ParkedWriteError)) notify.error(serverText(msg));
    } finally {
      setSubmitting(false);
    }
  }

  // ---- states
  const back = (
    <Button variant="outline" minH="12" onClick={onBack} data-testid="cl-back">
      <LuArrowLeft /> {t('cl.back')}
    </Button>
  );
  const logButton = (
    <Button variant="outline" minH="12" onClick={onOpenActivityLog} data-testid="cl-open-activity">
      <LuNotebookPen /> {t('cl.activityLog')}
    </Button>
  );

  if (formQ.isPending) {
    return (
      <Box data-testid="cl-loading">
        <PageHeader title={t('cl.title')} actions={back} />
        <Stack gap="4">
          <Skeleton h="24" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      </Box>
    );
  }
  if (!form) {
    const err = formQ.error;
    const offline = isApiError(err) && err.kind !== 'http';
    return (
      <Box data-testid="cl-screen-error">
        <PageHeader title={t('cl.title')} actions={back} />
        <ErrorBlock
          title={t('cl.loadFailed')}
          message={offline ? t('cl.loadFailedHint') : serverText(messageOf(err))}
          offline={offline}
          onRetry={() => void formQ.refetch()}
        />
      </Box>
    );
  }

  const r = form.roster;
  const q = qPhases[shown];
  const state = states[shown];
  const v = values[shown];
  const editable = mayWrite && (state === 'open' || state === 'refused') && v !== null;
  const progress = progressOf(specs, v ?? emptyValues());
  const odometerProblem =
    errors.odometer ?? (odometerLeft && v?.odometer.trim() ? odometerError(v.odometer, odometerContext(shown)) : null) ?? undefined;
  const groups = groupByCategory(specs);
  const draft = drafts[shown];

  const recorded =
    state === 'recorded' && form.checklist
      ? recordedOfServer(form.checklist, shown)
      : state === 'queued'
        ? draft?.values.submitted
          ? recordedOfValues(specs, draft.values)
          : q
            ? recordedOfQueued(specs, q)
            : null
        : null;
  const refusal = state === 'refused' ? (q?.message ?? serverError) : serverError;
  const km = form.checklist ? kmOf(form.checklist.odometerPre, form.checklist.odometerPost) : null;

  return (
    <Box data-testid="cl-screen" data-roster-id={rosterId} data-phase={shown} data-state={state} pb="4">
      <PageHeader
        title={`${t('cl.title')} · ${r.dutyRosterName}`}
        subtitle={
          <Text as="span" fontVariantNumeric="tabular-nums">
            {r.sectionName} · {isoDateToDisplay(r.startDate)} · {formatClock(r.startHour)} – {formatClock(r.endHour)}
          </Text>
        }
        actions={
          <>
            {back}
            {logButton}
          </>
        }
      />

      {!online && (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="cl-offline">
          <Alert.Indicator>
            <LuCloudOff />
          </Alert.Indicator>
          <Alert.Title>{t('cl.offline')}</Alert.Title>
        </Alert.Root>
      )}
      {formQ.data?.cachedAt && online && (
        <Text fontSize="xs" color="orange.fg" mb="2" data-testid="cl-cached">
          {t('cl.cachedAt', { time: formatDateTimeShort(formQ.data.cachedAt) })}
        </Text>
      )}

      <VehicleCard form={form} />

      {!vehicle ? (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="cl-no-vehicle">
          <Alert.Indicator />
          <Alert.Title>{t('cl.noVehicle')}</Alert.Title>
        </Alert.Root>
      ) : locked ? (
        <Alert.Root status="info" rounded="md" mb="4" data-testid="cl-locked">
          <Alert.Indicator />
          <Alert.Title>{t('cl.locked')}</Alert.Title>
        </Alert.Root>
      ) : !mayWrite ? (
        <Alert.Root status="info" rounded="md" mb="4" data-testid="cl-no-write">
          <Alert.Indicator />
          <Alert.Title>{t('cl.noWrite')}</Alert.Title>
        </Alert.Root>
      ) : null}

      {vehicle && (
        <PhaseTabs
          states={states}
          shown={shown}
          onShow={(p) => {
            setPhase(p);
            setErrors({});
            setServerError(null);
          }}
        />
      )}

      {vehicle && state === 'blocked' && (
        <Alert.Root status="info" rounded="md" mb="4" data-testid="cl-post-blocked">
          <Alert.Indicator />
          <Alert.Title>{t('cl.postBlocked')}</Alert.Title>
        </Alert.Root>
      )}

      {vehicle && recorded && (
        <RecordedPhaseView
          phase={shown}
          recorded={recorded}
          header={
            <Flex
              bg={state === 'queued' ? 'orange.subtle' : 'green.subtle'}
              borderWidth="1px"
              borderColor={state === 'queued' ? 'orange.emphasized' : 'green.emphasized'}
              rounded="lg"
              px="4"
              py="3"
              gap="3"
              align="center"
              wrap="wrap"
            >
              {state === 'queued' ? (
                <Badge colorPalette="orange" variant="solid" size="lg" data-testid="cl-unsent" data-state={q?.state ?? 'pending'}>
                  <LuCloudOff /> {q?.state === 'sending' ? t('cl.sending') : t('cl.unsent')}
                </Badge>
              ) : (
                <Badge colorPalette="green" variant="solid" size="lg" data-testid="cl-recorded-badge">
                  <LuCircleCheck /> {t('cl.phaseState.recorded')}
                </Badge>
              )}
              {state === 'recorded' && form.checklist && (
                <Text fontSize="sm" color="fg.muted" data-testid="cl-recorded-at">
                  {t('cl.recordedAt', { time: formatDateTimeShort(shown === 'PRE' ? form.checklist.preAt : form.checklist.postAt) })}{' '}
                  {t('cl.recordedBy', { name: (shown === 'POST' ? form.checklist.postStaffName : null) ?? form.checklist.staffName })}
                </Text>
              )}
              {shown === 'POST' && state === 'recorded' && km !== null && (
                <Badge colorPalette="blue" variant="subtle" size="lg" data-testid="cl-km">
                  {t('cl.km', { km: km.toLocaleString('ms-MY') })}
                </Badge>
              )}
              {shown === 'PRE' && mayWrite && (states.POST === 'open' || states.POST === 'refused') && (
                <Button ms="auto" minH="12" size="lg" colorPalette="brand" onClick={() => setPhase('POST')} data-testid="cl-next-phase">
                  {t('cl.nextPhase')}
                </Button>
              )}
              {shown === 'POST' && state === 'recorded' && (
                <Text ms="auto" fontWeight="semibold" color="green.fg" data-testid="cl-complete">
                  {t('cl.complete')}
                </Text>
              )}
            </Flex>
          }
        />
      )}

      {vehicle && editable && v && (
        <Stack gap="4">
          {refusal && (
            <Alert.Root status="error" rounded="md" data-testid="cl-refused">
              <Alert.Indicator>
                <LuTriangleAlert />
              </Alert.Indicator>
              <Alert.Content>
                <Alert.Title>{t('cl.refused')}</Alert.Title>
                <Alert.Description data-testid="cl-error">{serverText(refusal)}</Alert.Description>
                <Text fontSize="sm" mt="1">
                  {t('cl.refusedHint')}
                </Text>
              </Alert.Content>
            </Alert.Root>
          )}

          <Panel heading={t('cl.readings')} data-testid="cl-readings">
            <SimpleGrid columns={{ base: 1, md: shown === 'PRE' ? 3 : 2 }} gap="4" p="4">
              <Field.Root invalid={!!odometerProblem}>
                <Field.Label fontSize="md" fontWeight="semibold">
                  {t('cl.odometer')}
                </Field.Label>
                <Input
                  ref={odoRef}
                  h="14"
                  fontSize="2xl"
                  fontWeight="bold"
                  fontFamily="mono"
                  bg="bg.panel"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="off"
                  value={v.odometer}
                  onChange={(e) => change(shown, { odometer: e.currentTarget.value })}
                  onBlur={() => setOdometerLeft(true)}
                  data-testid="cl-odometer"
                />
                {odometerProblem ? (
                  <Field.ErrorText fontSize="sm" data-testid="cl-odometer-error">
                    {odometerProblem}
                  </Field.ErrorText>
                ) : shown === 'PRE' && vehicle.lastOdometer !== null ? (
                  <Field.HelperText data-testid="cl-last-odometer">
                    {t('cl.lastOdometer')}:{' '}
                    {t('cl.lastOdometerValue', {
                      km: String(vehicle.lastOdometer),
                      date: vehicle.lastOdometerAt ? formatDate(vehicle.lastOdometerAt) : '—',
                    })}
                  </Field.HelperText>
                ) : shown === 'POST' && preOdometer !== null && !Number.isNaN(preOdometer) ? (
                  <Field.HelperText data-testid="cl-pre-odometer">{t('cl.odometerPre', { km: String(preOdometer) })}</Field.HelperText>
                ) : null}
              </Field.Root>
              {shown === 'PRE' && (
                <>
                  <Field.Root invalid={!!errors.noKadTng}>
                    <Field.Label fontSize="md" fontWeight="semibold">
                      {t('cl.noKadTng')}
                    </Field.Label>
                    <Input
                      h="14"
                      fontSize="xl"
                      fontFamily="mono"
                      bg="bg.panel"
                      inputMode="numeric"
                      autoComplete="off"
                      value={v.noKadTng}
                      onChange={(e) => change(shown, { noKadTng: e.currentTarget.value })}
                      data-testid="cl-card-tng"
                    />
                    {errors.noKadTng && <Field.ErrorText data-testid="cl-card-tng-error">{errors.noKadTng}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={!!errors.noKadBahanApi}>
                    <Field.Label fontSize="md" fontWeight="semibold">
                      {t('cl.noKadBahanApi')}
                    </Field.Label>
                    <Input
                      h="14"
                      fontSize="xl"
                      fontFamily="mono"
                      bg="bg.panel"
                      inputMode="numeric"
                      autoComplete="off"
                      value={v.noKadBahanApi}
                      onChange={(e) => change(shown, { noKadBahanApi: e.currentTarget.value })}
                      data-testid="cl-card-fuel"
                    />
                    {errors.noKadBahanApi && <Field.ErrorText data-testid="cl-card-fuel-error">{errors.noKadBahanApi}</Field.ErrorText>}
                  </Field.Root>
                </>
              )}
            </SimpleGrid>
          </Panel>

          {specs.length === 0 ? (
            <Alert.Root status="warning" rounded="md" data-testid="cl-no-items">
              <Alert.Indicator />
              <Alert.Title>{t('cl.noItems')}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('cl.itemsHint')}
              </Text>
              {groups.map((g) => {
                const done = g.items.filter((s) => entryOf(v, s.masterId).quantity !== null).length;
                return (
                  <Panel
                    key={g.categoryId}
                    heading={g.categoryName ?? t('cl.uncategorised')}
                    actions={
                      <Badge colorPalette={done === g.items.length ? 'green' : 'gray'} variant="subtle" size="md" fontVariantNumeric="tabular-nums">
                        {done}/{g.items.length}
                      </Badge>
                    }
                    data-testid={`cl-category-${g.categoryId}`}
                  >
                    <Stack gap="3" p={{ base: '3', md: '4' }}>
                      {g.items.map((s) => (
                        <ChecklistItemCard
                          key={s.masterId}
                          spec={s}
                          entry={entryOf(v, s.masterId)}
                          disabled={submitting}
                          onChange={(e) => changeItem(shown, s.masterId, e)}
                        />
                      ))}
                    </Stack>
                  </Panel>
                );
              })}
              {errors.items && (
                <Text color="red.fg" fontSize="sm" data-testid="cl-items-error">
                  {errors.items}
                </Text>
              )}
            </>
          )}

          <SubmitBar
            checked={progress.checked}
            total={progress.total}
            defects={progress.defects}
            missingPhotos={progress.missingPhotos}
            ready={progress.complete}
            submitting={submitting}
            label={`${t('cl.submit')} · ${t(`cl.phase.${shown}`)}`}
            onSubmit={() => void submit(shown)}
          />
        </Stack>
      )}
    </Box>
  );
}

function VehicleCard({ form }: { form: ChecklistForm }) {
  const t = useT();
  const v = form.vehicle;
  if (!v) return null;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" px="4" py="3" mb="4" data-testid="cl-vehicle">
      <Flex gap="4" align="center" wrap="wrap">
        <Flex align="center" justify="center" w="12" h="12" rounded="lg" bg="brand.subtle" color="brand.fg" fontSize="2xl" flexShrink={0}>
          <LuCarFront />
        </Flex>
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em">
            {t('cl.vehicle')}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" fontFamily="mono" lineHeight="short" data-testid="cl-vehicle-plate">
            {v.plateNumber}
          </Text>
        </Box>
        {v.callSign && (
          <HStack gap="1" color="brand.fg" fontWeight="semibold" fontSize="lg" data-testid="cl-vehicle-callsign">
            <LuRadio /> {v.callSign}
          </HStack>
        )}
        <Box minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em">
            {t('cl.model')}
          </Text>
          <Text fontWeight="medium" data-testid="cl-vehicle-model">
            {v.vehicleModel}
            {v.vehicleType ? ` · ${v.vehicleType}` : ''}
          </Text>
        </Box>
      </Flex>
      {v.needsAttention && (
        <Alert.Root status="warning" rounded="md" mt="3" data-testid="cl-vehicle-attention">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('cl.attention')}</Alert.Title>
            {v.attentionReason && <Alert.Description>{v.attentionReason}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {!v.isActive && (
        <Alert.Root status="error" rounded="md" mt="3" data-testid="cl-vehicle-inactive">
          <Alert.Indicator />
          <Alert.Title>{t('cl.inactive')}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}

const STATE_PALETTE: Record<PhaseState, string> = { recorded: 'green', queued: 'orange', refused: 'red', open: 'gray', blocked: 'gray' };

function PhaseTabs({
  states,
  shown,
  onShow,
}: {
  states: Record<ChecklistPhase, PhaseState>;
  shown: ChecklistPhase;
  onShow: (p: ChecklistPhase) => void;
}) {
  const t = useT();
  return (
    <SimpleGrid columns={2} gap="2" mb="4" role="tablist">
      {CHECKLIST_PHASES.map((p, i) => {
        const active = p === shown;
        const s = states[p];
        return (
          <Button
            key={p}
            role="tab"
            aria-selected={active}
            h="auto"
            minH="16"
            py="2"
            justifyContent="flex-start"
            variant={active ? 'solid' : 'outline'}
            colorPalette="brand"
            bg={active ? undefined : 'bg.panel'}
            disabled={s === 'blocked'}
            onClick={() => onShow(p)}
            data-testid={`cl-phase-${p}`}
            data-state={s}
          >
            <Flex align="center" gap="3" w="full">
              <Flex
                align="center"
                justify="center"
                w="8"
                h="8"
                rounded="full"
                bg={active ? 'whiteAlpha.300' : 'brand.subtle'}
                fontWeight="bold"
                flexShrink={0}
              >
                {i + 1}
              </Flex>
              <Box textAlign="start">
                <Text fontSize="lg" fontWeight="bold">
                  {t(`cl.phase.${p}`)}
                </Text>
              </Box>
              <Badge ms="auto" colorPalette={STATE_PALETTE[s]} variant={active ? 'surface' : 'subtle'} size="md" data-testid={`cl-phase-${p}-state`}>
                {t(`cl.phaseState.${s}`)}
              </Badge>
            </Flex>
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

function SubmitBar({
  checked,
  total,
  defects,
  missingPhotos,
  ready,
  submitting,
  label,
  onSubmit,
}: {
  checked: number;
  total: number;
  defects: number;
  missingPhotos: number;
  ready: boolean;
  submitting: boolean;
  label: string;
  onSubmit: () => void;
}) {
  const t = useT();
  return (
    <Box position="sticky" bottom="0" zIndex="docked" mx={{ base: '-3', md: '0' }} data-testid="cl-submit-bar">
      <Flex
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border.emphasized"
        rounded={{ base: 'none', md: 'lg' }}
        boxShadow="lg"
        px="4"
        py="3"
        gap="4"
        align="center"
        wrap="wrap"
      >
        <Box>
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em">
            {t('cl.progress')}
          </Text>
          <Text
            fontSize="3xl"
            fontWeight="bold"
            lineHeight="1"
            fontVariantNumeric="tabular-nums"
            color={checked === total ? 'green.fg' : 'fg'}
            data-testid="cl-progress"
            data-checked={checked}
            data-total={total}
          >
            {progressText({ checked, total })}
          </Text>
        </Box>
        <Box h="2" flex="1 1 120px" minW="24" bg="bg.muted" rounded="full" overflow="hidden">
          <Box
            h="full"
            w={`${total ? Math.round((checked / total) * 100) : 0}%`}
            bg={checked === total ? 'green.500' : 'brand.500'}
            transition="width 0.2s"
          />
        </Box>
        <Stack gap="1">
          {defects > 0 && (
            <Badge colorPalette="red" variant="subtle" size="md" data-testid="cl-defect-count">
              <LuTriangleAlert /> {t('cl.defects', { n: defects })}
            </Badge>
          )}
          {missingPhotos > 0 && (
            <Badge colorPalette="red" variant="solid" size="md" data-testid="cl-missing-photos">
              {t('cl.missingPhotos', { n: missingPhotos })}
            </Badge>
          )}
        </Stack>
        <Button
          size="xl"
          minH="14"
          px="8"
          colorPalette="brand"
          fontSize="lg"
          disabled={!ready || submitting}
          loading={submitting}
          loadingText={t('cl.submitting')}
          onClick={onSubmit}
          title={ready ? undefined : t('cl.submitHint')}
          data-testid="cl-submit"
        >
          <LuSend /> {label}
        </Button>
      </Flex>
    </Box>
  );
}
