/**
 * /kesbaru (§2.6): step 1 'Infomasi Asas Kes' (Next), step 2 'Maklumat Lanjut' (Sebelum, Hantar). One
 * react-hook-form across both steps holds everything the operator typed (issue #4 saves it as a draft).
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Alert, Box, Button, chakra, Flex, HStack, Stack, Steps, Text, useStepsStyles } from '@chakra-ui/react';
import { LuArrowLeft, LuArrowRight, LuExternalLink, LuRefreshCw, LuSend } from 'react-icons/lu';
import type { IncidentSaved } from '@contract/incidents';
import { isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import { getDb } from '@/offline/db';
import { deleteDraft } from '@/offline/drafts';
import { newId } from '@/offline/outbox';
import { useLookup } from '@/lib/lookups';
import { useSession } from '@/lib/session';
import { serverText, useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/new-case';
import '@/lib/i18n/parts/offline-writes';
import { useOnline } from '@/lib/use-online';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { notify } from '@/ui/toaster';
import { IncidentMainFields, SubformFieldsField, missingStep1, type Step1Field } from '../form';
import { useListedSections } from '@/lib/sections';
import { toIncidentSavePayload, toSubformPayload } from '../form/model';
import { ParkedWriteError, answerOf, answeredSteps, groupOf, newCaseItems, sendWrites, subformWrite, type ChildSteps } from '../outbox-writes';
import { applyChildAnswers, normalizeChildren, planChildSaves } from '../form/children-io';
import { SUBFORMS } from '@contract/incident-rules';
import { NewCaseSchema, mainFailure, newCaseDefaults, subformFailure, type NewCaseValues, type SubmitFailure } from './new-case-submit';
import { loadDraft, newCaseDraftTitle, replacedIds, saveNewCaseDraft, type NewCaseDraftValues } from './new-case-drafts';
import { stepsSlotRecipe } from '@chakra-theme/recipes/steps';
import { FieldReportNotice, useFieldReportPrefill } from './field-report-prefill';

const STEP1_LABEL: Record<Step1Field, TextKey> = {
  pkSectionId: 'newCase.field.section',
  pkSpecificSectionId: 'newCase.field.specificSection',
  pkIncidentSourceId: 'newCase.field.source',
  pkIncidentCategoryId: 'newCase.field.eventType',
  pkHighwayId: 'newCase.field.highway',
  pkEventLocationId: 'newCase.field.eventLocation',
  pkCardinalDirectionId: 'newCase.field.direction',
  kilometerMarker: 'newCase.field.kilometer',
  pkDutyRosterId: 'newCase.field.assignTo',
};

/**
 * `eventTypeId`: the event type chosen when the form opens (?type= of /kesbaru, the §2.1 subform routes; issue #19).
 * `fieldReportId`: a patrol's field report to accept (Terima, issue #30 item 2): the form opens prefilled from it and
 * its save carries `fieldReportId` (the server accepts the report with the case, its photo the first journal
 * attachment).
 */
export function NewCaseScreen({
  draftId,
  eventTypeId: initialType,
  fieldReportId,
}: {
  draftId?: string;
  eventTypeId?: number;
  fieldReportId?: number;
} = {}) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const user = useSession()?.user;
  const regionId = user?.section.region.key;
  const categories = useLookup('incidentCategory');
  const router = useRouter();
  // the pending-case view must open without the network (Hantar offline): load its code while the line is there
  useEffect(() => {
    void router.preloadRoute({ to: '/kes-tertunda/$entity', params: { entity: 'preload' } }).catch(() => {});
  }, [router]);

  const form = useForm<NewCaseValues>({
    resolver: zodResolver(NewCaseSchema),
    defaultValues: { ...newCaseDefaults(), pkIncidentCategoryId: initialType ?? null },
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as NewCaseValues;
  // a draft resumed from Draf keeps the report it was accepting (its values come from the draft, not the report)
  const [draftReportId, setDraftReportId] = useState<number | undefined>();
  const reportId = fieldReportId ?? draftReportId;
  const fieldReport = useFieldReportPrefill(reportId, regionId, fieldReportId ? form.reset : undefined);
  const missing = missingStep1(values);
  const typeNameOf = (id: number | null) => categories.data?.find((c) => c.key === id)?.value ?? '';

  // ---- draft (issue #4 item 2): resumed from ?draft=, saved 500 ms after the last change, deleted when sent
  const draft = useRef<{ id: string; replaces?: string; entity?: string; loaded: boolean }>({ id: draftId ?? newId(), loaded: !draftId });
  const [draftReady, setDraftReady] = useState(!draftId);
  const [resumed, setResumed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draft id (see below)
  useEffect(() => {
    // once per draft id (form.reset re-renders; nothing here may start it again)
    if (!draftId || draft.current.loaded) return;
    let live = true;
    void loadDraft<NewCaseDraftValues>(draftId).then((d) => {
      if (!live) return;
      if (d && d.kind === 'newCase' && d.values?.form) {
        form.reset({
          ...newCaseDefaults(),
          ...d.values.form,
          subform: { ...newCaseDefaults().subform, ...d.values.form.subform, children: normalizeChildren(d.values.form.subform?.children) },
        });
        draft.current = { id: d.id, replaces: d.replaces, entity: d.values.entity, loaded: true };
        if (d.values.fieldReportId) setDraftReportId(d.values.fieldReportId);
        setResumed(true);
      } else draft.current = { id: draftId, loaded: true };
      setDraftReady(true);
    });
    return () => {
      live = false;
    };
  }, [draftId]);
  const sentRef = useRef(false);
  const fieldReportRef = useRef(reportId);
  fieldReportRef.current = reportId;
  /** a save under way when the form is sent finishes first; the delete comes after it */
  const pendingSave = useRef<Promise<void>>(Promise.resolve());
  // a draft starts with the first change (the form's controls set values without marking them dirty)
  const blank = useMemo(() => JSON.stringify({ ...newCaseDefaults(), pkIncidentCategoryId: initialType ?? null }), [initialType]);
  const dirty = JSON.stringify(values) !== blank;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the values restarts the 500 ms wait; the save reads them with getValues
  useEffect(() => {
    if (!draftReady || !user || sentRef.current) return;
    if (!dirty && !draft.current.replaces && !draftId) return;
    const timer = setTimeout(() => {
      if (sentRef.current) return;
      const v = form.getValues();
      pendingSave.current = saveNewCaseDraft({
        id: draft.current.id,
        userId: user.userId,
        values: {
          form: v,
          ...(draft.current.entity ? { entity: draft.current.entity } : {}),
          ...(fieldReportRef.current ? { fieldReportId: fieldReportRef.current } : {}),
        },
        title: newCaseDraftTitle(typeNameOf(v.pkIncidentCategoryId) || undefined, v.kilometerMarker),
        replaces: draft.current.replaces,
      })
        .then(() => undefined)
        .catch((err) => console.warn('[draft] not saved', err));
    }, 500);
    return () => clearTimeout(timer);
  }, [values, dirty, draftReady, user]);
  const dropDraft = async () => {
    sentRef.current = true;
    const id = draft.current.id;
    await pendingSave.current;
    await deleteDraft(getDb(), id).catch(() => {});
  };
  /** 'Buang draf': the draft goes, the form starts empty */
  const discardDraft = async () => {
    await dropDraft();
    await navigate({ to: '/kesbaru', search: {}, replace: true });
  };

  const [step, setStep] = useState<0 | 1>(0);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // the saved main record: once there, Hantar only (re)tries the subform against it, never a second case
  const [saved, setSaved] = useState<IncidentSaved | null>(null);
  const savedRef = useRef<IncidentSaved | null>(null);
  const busy = useRef(false);
  const topRef = useRef<HTMLDivElement>(null);
  // the step's panel takes the focus when the step changes (Next, Sebelum): the button pressed is gone, and the
  // keyboard must go on from the new step, not from the top of the page
  const stepRef = useRef<HTMLDivElement>(null);
  const focusStep = useRef(false);

  const eventTypeId = values.pkIncidentCategoryId;

  const goto = (s: 0 | 1) => {
    focusStep.current = true;
    setStep(s);
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step has changed (and rendered)
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepRef.current?.focus({ preventScroll: true });
  }, [step]);
  /** what the step panel needs to take the focus (not a Tab stop; no ring on a whole panel) */
  const stepFocus = (key: TextKey) => ({ ref: stepRef, tabIndex: -1, role: 'group', 'aria-label': t(key), _focus: { outline: 'none' } }) as const;

  const next = async () => {
    if (missingStep1(form.getValues()).length) {
      await form.trigger([
        'pkSectionId',
        'pkSpecificSectionId',
        'pkIncidentSourceId',
        'pkIncidentCategoryId',
        'pkHighwayId',
        'pkEventLocationId',
        'pkCardinalDirectionId',
        'kilometerMarker',
        'pkDutyRosterId',
      ]);
      return;
    }
    goto(1);
  };

  const submit = form.handleSubmit(
    async (v) => {
      if (step === 0) return next();
      // a second press (double click, Enter) while the first is under way does nothing
      if (busy.current) return;
      const type = v.pkIncidentCategoryId;
      if (type === null || !isEventTypeId(type)) return;
      busy.current = true;
      setSubmitting(true);
      setFailure(null);
      try {
        const userId = user?.userId;
        if (!userId) return;
        const typeName = typeNameOf(type);
        const subPayload = toSubformPayload(type as EventTypeId, v.subform, 0);
        const children = planChildSaves(SUBFORMS[type as EventTypeId].kind, v.subform.children, null);
        /** what went through before a refusal keeps its ids in the form, so sending again repeats nothing */
        const keepAnswers = (answers: Record<string, unknown>, subItem: string | undefined, steps: ChildSteps) => {
          const sub = subItem ? (answers[subItem] as { subformId: number; version: number } | undefined) : undefined;
          const answered = answeredSteps(answers, steps);
          form.setValue('subform', {
            ...v.subform,
            ...(sub ? { subformId: sub.subformId, version: sub.version } : {}),
            children: applyChildAnswers(v.subform.children, answered),
          });
        };
        const inc = savedRef.current;
        if (inc) {
          // the case went through, its subform (or a child list) did not: only those go again (never a second case)
          const target = { id: inc.pkIncidentId, ticket: inc.ticketNumber, entity: draft.current.entity ?? null };
          const w = subformWrite({
            userId,
            group: await groupOf(userId, target),
            target,
            subform: { type: type as EventTypeId, payload: subPayload },
            typeName,
            formValues: v,
            children,
          });
          try {
            await sendWrites(w.items);
          } catch (err) {
            if (err instanceof ParkedWriteError) keepAnswers(err.answers, w.items[0].clientId, w.childSteps);
            setFailure(subformFailure(type as EventTypeId, err));
            return;
          }
          await dropDraft();
          notify.success(t('newCase.saved'));
          await navigate({ href: `/insidenView/${inc.pkIncidentId}` });
          return;
        }
        // a reopened refused case keeps its entity (journal entries written for it meanwhile refer to it) and goes
        // in a group of its own, ahead of them
        const reopened = draft.current.entity;
        const { entity, items, childSteps } = newCaseItems({
          userId,
          incident: { ...toIncidentSavePayload(v), ...(fieldReport.acceptId ? { fieldReportId: fieldReport.acceptId } : {}) },
          subform: { type: type as EventTypeId, payload: subPayload },
          children,
          typeName,
          formValues: v,
          entity: reopened,
          group: reopened ? `incident:c:${reopened}:${newId().slice(0, 8)}` : undefined,
        });
        const replaces = await replacedIds(draft.current.replaces ? { replaces: draft.current.replaces } : undefined);
        let outcome: Awaited<ReturnType<typeof sendWrites>>;
        try {
          outcome = await sendWrites(items, { replaces });
        } catch (err) {
          if (err instanceof ParkedWriteError) {
            const created = err.answers[items[0].clientId!] as IncidentSaved | undefined;
            if (created) {
              savedRef.current = created;
              setSaved(created);
              draft.current.entity = entity;
              keepAnswers(err.answers, items[1]?.clientId, childSteps);
              setFailure(subformFailure(type as EventTypeId, err));
              return;
            }
          }
          setFailure(mainFailure(err));
          return;
        }
        draft.current.replaces = undefined;
        await dropDraft();
        const created = answerOf<IncidentSaved>(outcome, items[0]);
        if (outcome.status === 'sent' && created) {
          notify.success(t('newCase.saved'));
          await navigate({ href: `/insidenView/${created.pkIncidentId}` });
        } else if (created) {
          // the case is on the server; its subform waits on the device
          await navigate({ href: `/insidenView/${created.pkIncidentId}` });
        } else {
          await navigate({ to: '/kes-tertunda/$entity', params: { entity } });
        }
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    () => {
      // the resolver found something: show it on the step it belongs to
      const errs = form.formState.errors;
      if (step === 1 && Object.keys(errs).some((k) => k !== 'subform')) goto(0);
    },
  );

  const failureBox = failure && (
    <Alert.Root status="error" rounded="md" data-testid="new-case-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(failure.messageKey)}</Alert.Title>
        {failure.detail && failure.detail !== t(failure.messageKey) && (
          <Alert.Description>{t('newCase.serverSays', { message: serverText(failure.detail) })}</Alert.Description>
        )}
        {failure.stage === 'main' && failure.uncertain && (
          <Alert.Description mt="1" data-testid="new-case-uncertain">
            {t('newCase.uncertainMain')}
          </Alert.Description>
        )}
        {failure.stage === 'subform' && saved && (
          <Alert.Description mt="1" data-testid="new-case-retry-hint">
            {t('newCase.caseSavedTicket', { ticket: saved.ticketNumber })} {t('newCase.subformRetryHint')}
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );

  return (
    <Box ref={topRef} maxW="1280px" mx="auto" data-testid="new-case" scrollMarginTop="20">
      <PageHeader title={t('newCase.title')} subtitle={t('newCase.subtitle')} />

      <Steps.Root recipe={stepsSlotRecipe} step={step} count={2} colorPalette="brand" size="sm" mb="4" data-testid="new-case-steps">
        <StepList>
          {(['newCase.step1', 'newCase.step2'] as const).map((key, i) => (
            <Steps.Item key={key} index={i} role="listitem">
              <Steps.Indicator />
              <Steps.Title fontWeight="semibold">{t(key)}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </StepList>
      </Steps.Root>

      {!online && (
        <Alert.Root status="warning" rounded="md" mb="4">
          <Alert.Indicator />
          <Alert.Description>{t('newCase.offline')}</Alert.Description>
        </Alert.Root>
      )}

      {reportId && <FieldReportNotice state={fieldReport} />}

      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          {step === 0 ? (
            <Panel heading={t('newCase.step1')} {...stepFocus('newCase.step1')} data-testid="new-case-step1">
              <Stack p={{ base: '4', md: '5' }} gap="5">
                {resumed && !saved && (
                  <Alert.Root status="info" rounded="md" alignItems="center" data-testid="new-case-draft-resumed">
                    <Alert.Indicator />
                    <Alert.Description flex="1">{t('queued.draft.resumed')}</Alert.Description>
                    <Button
                      size="sm"
                      minH="11"
                      variant="outline"
                      bg="bg.panel"
                      onClick={() => void discardDraft()}
                      data-testid="new-case-draft-discard"
                    >
                      {t('queued.draft.discard')}
                    </Button>
                  </Alert.Root>
                )}
                {saved && (
                  <Alert.Root status="info" rounded="md">
                    <Alert.Indicator />
                    <Alert.Description>
                      {t('newCase.caseSavedTicket', {
                        ticket: saved.ticketNumber,
                      })}{' '}
                      {t('newCase.lockedMain')}
                    </Alert.Description>
                  </Alert.Root>
                )}
                <IncidentMainFields disabled={!!saved} regionId={regionId} reportedBy={user?.profile.displayName ?? ''} currentRoster={null} />
                <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="2" borderTopWidth="1px" borderColor="border.muted">
                  <Text fontSize="sm" color="fg.muted" flex="1" minW="0" data-testid="new-case-missing">
                    {missing.length
                      ? t('newCase.missing', {
                          fields: missing.map((f) => t(STEP1_LABEL[f])).join(', '),
                        })
                      : ''}
                  </Text>
                  <Button
                    type="button"
                    size="lg"
                    colorPalette="brand"
                    onClick={() => void next()}
                    disabled={missing.length > 0}
                    data-testid="new-case-next"
                  >
                    {t('newCase.next')} <LuArrowRight />
                  </Button>
                </Flex>
              </Stack>
            </Panel>
          ) : (
            <Stack gap="4">
              <CaseSummary values={values} saved={saved} />
              <Panel heading={t('newCase.step2')} {...stepFocus('newCase.step2')} data-testid="new-case-step2">
                <Stack p={{ base: '4', md: '5' }} gap="5">
                  <SubformFieldsField control={form.control} name="subform" eventTypeId={eventTypeId} />
                  {failureBox}
                  <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="2" borderTopWidth="1px" borderColor="border.muted">
                    <Button type="button" size="lg" variant="outline" onClick={() => goto(0)} disabled={submitting} data-testid="new-case-back">
                      <LuArrowLeft /> {t('newCase.back')}
                    </Button>
                    <HStack gap="3" wrap="wrap" justify="flex-end">
                      {saved && failure?.stage === 'subform' && (
                        <Button
                          type="button"
                          size="lg"
                          variant="ghost"
                          onClick={() =>
                            void navigate({
                              href: `/insidenView/${saved.pkIncidentId}`,
                            })
                          }
                          data-testid="new-case-open-saved"
                        >
                          <LuExternalLink /> {t('newCase.openWithoutDetails')}
                        </Button>
                      )}
                      <Button
                        type="submit"
                        size="lg"
                        colorPalette="brand"
                        loading={submitting}
                        loadingText={t('newCase.submitting')}
                        disabled={submitting}
                        data-testid="new-case-submit"
                      >
                        {saved && failure?.stage === 'subform' ? (
                          <>
                            <LuRefreshCw /> {t('newCase.retrySubform')}
                          </>
                        ) : (
                          <>
                            <LuSend /> {t('newCase.submit')}
                          </>
                        )}
                      </Button>
                    </HStack>
                  </Flex>
                </Stack>
              </Panel>
            </Stack>
          )}
          {step === 0 && failure?.stage === 'main' && <Box mt="4">{failureBox}</Box>}
        </form>
      </FormProvider>
    </Box>
  );
}

/** Step 2 keeps what step 1 chose in view (type, place, patrol). */
function CaseSummary({ values, saved }: { values: NewCaseValues; saved: IncidentSaved | null }) {
  const t = useT();
  const user = useSession()?.user;
  const sections = useListedSections(user?.section.region.key);
  const categories = useLookup('incidentCategory');
  const directions = useLookup('cardinalDirection');
  const section = (sections.data ?? []).find((s) => s.pkSectionId === values.pkSectionId);
  const specific = section?.specificSections.find((s) => s.pkSectionId === values.pkSpecificSectionId);
  const parts = useMemo(
    () =>
      [
        categories.data?.find((c) => c.key === values.pkIncidentCategoryId)?.value,
        specific ? `${section?.sectionName} (${specific.sectionName})` : section?.sectionName,
        values.kilometerMarker ? t('newCase.kmAt', { km: values.kilometerMarker.trim() }) : null,
        directions.data?.find((d) => d.key === values.pkCardinalDirectionId)?.value,
      ].filter(Boolean),
    [categories.data, directions.data, section, specific, values, t],
  );
  return (
    <Flex
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="lg"
      px="4"
      py="3"
      gap="3"
      align="center"
      wrap="wrap"
      data-testid="new-case-summary"
    >
      <Text fontSize="sm" fontWeight="semibold" color="brand.ink">
        {t('newCase.sub.summary')}:
      </Text>
      <Text fontSize="sm" color="brand.ink">
        {parts.join(' · ')}
      </Text>
      {saved && (
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" ml="auto">
          {t('newCase.field.ticketNumber')} {saved.ticketNumber}
        </Text>
      )}
    </Flex>
  );
}

/**
 * The steps' list as a plain list of the two steps: a progress indicator, not tabs. Ark's Steps.List is a tablist
 * owning step triggers (aria-owns) that this form does not render, which is invalid ARIA (axe aria-required-children,
 * aria-valid-attr-value); the look is the same (the steps recipe's list styles).
 */
function StepList({ children }: { children: ReactNode }) {
  const styles = useStepsStyles();
  return (
    <chakra.ol css={styles.list} data-scope="steps" data-part="list" data-orientation="horizontal" role="list">
      {children}
    </chakra.ol>
  );
}
