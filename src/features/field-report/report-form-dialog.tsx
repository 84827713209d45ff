/**
 * "Lapor kejadian" (issue #30 item 2): the patrol's report of what it comes upon, in a dialog sized for the tablet
 * (its body scrolls and Hantar stays in view at 1024×768 and 800×1280): the event type, the section, the KM and the direction (derived
 * from the tablet's GPS fix and the section's 100 m markers, all editable), an optional photo (checked and
 * compressed on the device) and a short note. Hantar queues ONE outbox item: it is sent at once when online, and
 * kept on the device (and sent later, once) when not.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  chakra,
  Dialog,
  Field,
  Flex,
  Grid,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { LuCamera, LuCrosshair, LuMapPin, LuSend, LuX } from 'react-icons/lu';
import { FIELD_REPORT_LIMITS } from '@contract/field-report-rules';
import type { WebUser } from '@contract/auth';
import { errorText } from '@/lib/api';
import { fieldReportKeys } from '@/lib/field-reports';
import { serverText, useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { formatBytes } from '@/lib/image';
import { recentFix, rememberFix } from '@/lib/last-fix';
import { useLookup } from '@/lib/lookups';
import { useListedSections } from '@/lib/sections';
import { useSession } from '@/lib/session';
import { StorageFullError } from '@/offline/outbox';
import { ParkedWriteError } from '@/offline/writes';
import { ImageInput, useImagePicker } from '@/ui/image-picker';
import { notify } from '@/ui/toaster';
import { useObjectUrl } from '@/ui/use-object-url';
import { sendFieldReport, useSectionMarkers } from './field-report-api';
import {
  directionForHeading,
  kmText,
  nearestMarkerToPoint,
  reportProblems,
  toSaveBody,
  type ReportField,
  type ReportFormValues,
} from './field-report-rules';

type Roster = WebUser['rosters'][number];

interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  heading: number | null;
}
type GpsState = 'locating' | 'ok' | 'denied' | 'unavailable';

const FIELD_LABEL: Record<ReportField, TextKey> = {
  pkIncidentCategoryId: 'fieldReport.field.type',
  pkSectionId: 'fieldReport.field.section',
  kilometerMarker: 'fieldReport.field.km',
  pkCardinalDirectionId: 'fieldReport.field.direction',
  note: 'fieldReport.field.note',
};

const emptyValues = (sectionId: number | null): ReportFormValues => ({
  pkIncidentCategoryId: null,
  pkSectionId: sectionId,
  kilometerMarker: '',
  pkCardinalDirectionId: null,
  note: '',
});

/** A position the GPS took this long ago still places the report when the GPS does not answer now. */
const LAST_FIX_MAX_AGE_MS = 60_000;

/**
 * Asks the tablet where it is (10 s at most). When the GPS does not answer (no signal for now, a timeout), the last
 * position it gave the app within LAST_FIX_MAX_AGE_MS (src/lib/last-fix.ts: the position reporter's watch, a patrol
 * step a moment ago) places the report instead: the KM is still derived, and stays editable.
 */
function locate(): Promise<{ fix: Fix | null; state: GpsState }> {
  const geo = typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
  const lastKnown = (): { fix: Fix | null; state: GpsState } => {
    const f = recentFix(LAST_FIX_MAX_AGE_MS);
    // a heading is only good for the moment it was taken: the direction stays the patrol's to choose
    return f ? { fix: { ...f, heading: null }, state: 'ok' } : { fix: null, state: 'unavailable' };
  };
  if (!geo) return Promise.resolve(lastKnown());
  return new Promise((resolve) => {
    try {
      geo.getCurrentPosition(
        (p) => {
          rememberFix(p);
          resolve({
            fix: {
              latitude: p.coords.latitude,
              longitude: p.coords.longitude,
              accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
              heading: p.coords.heading !== null && Number.isFinite(p.coords.heading) ? p.coords.heading : null,
            },
            state: 'ok',
          });
        },
        (err) => resolve(err.code === err.PERMISSION_DENIED ? { fix: null, state: 'denied' } : lastKnown()),
        { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
      );
    } catch {
      resolve(lastKnown());
    }
  });
}

export function ReportFormDialog({ open, roster, onClose }: { open: boolean; roster: Roster; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const user = useSession()?.user;
  const categories = useLookup('incidentCategory');
  const directions = useLookup('cardinalDirection');
  const sections = useListedSections(user?.section.region.key);
  const picker = useImagePicker();
  const photo = picker.images.at(-1) ?? null;
  const photoUrl = useObjectUrl(photo?.blob);
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const noteId = useId();

  const [values, setValues] = useState<ReportFormValues>(() => emptyValues(roster.sectionId ?? null));
  const [fix, setFix] = useState<Fix | null>(null);
  const [gps, setGps] = useState<GpsState>('locating');
  /** the KM and direction the patrol typed stay theirs: the GPS fills only what was not touched */
  const [touched, setTouched] = useState<{ km: boolean; direction: boolean }>({ km: false, direction: false });
  const [derived, setDerived] = useState<{ km: boolean; direction: boolean }>({ km: false, direction: false });
  const [showProblems, setShowProblems] = useState(false);
  const [sending, setSending] = useState(false);
  // a text of the form, or the server's message as it came (shown through serverText, in the language of the moment)
  const [error, setError] = useState<string | null>(null);

  const askGps = () => {
    setGps('locating');
    void locate().then((r) => {
      setFix(r.fix);
      setGps(r.state);
    });
  };

  // a fresh form each time it opens, and a fresh fix
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening
  useEffect(() => {
    if (!open) return;
    setValues(emptyValues(roster.sectionId ?? null));
    setTouched({ km: false, direction: false });
    setDerived({ km: false, direction: false });
    setShowProblems(false);
    setError(null);
    picker.clear();
    setFix(null);
    askGps();
  }, [open]);

  const markers = useSectionMarkers(open ? values.pkSectionId : null);
  const nearest = fix && markers.data ? nearestMarkerToPoint(markers.data, fix.latitude, fix.longitude) : null;
  const heading = fix ? directionForHeading(fix.heading, directions.data ?? []) : null;

  const nearestKm = nearest?.km ?? null;
  // the derived KM and direction, unless the patrol has typed their own
  useEffect(() => {
    if (!open) return;
    if (nearestKm !== null && !touched.km) {
      const km = kmText(nearestKm);
      setValues((v) => (v.kilometerMarker === km ? v : { ...v, kilometerMarker: km }));
      setDerived((d) => (d.km ? d : { ...d, km: true }));
    }
    if (heading !== null && !touched.direction) {
      setValues((v) => (v.pkCardinalDirectionId === heading ? v : { ...v, pkCardinalDirectionId: heading }));
      setDerived((d) => (d.direction ? d : { ...d, direction: true }));
    }
  }, [open, nearestKm, heading, touched.km, touched.direction]);

  const problems = reportProblems(values);
  const set = <K extends keyof ReportFormValues>(k: K, v: ReportFormValues[K]) => setValues((prev) => ({ ...prev, [k]: v }));
  const invalid = (f: ReportField) => showProblems && problems.includes(f);

  const submit = async () => {
    if (sending) return;
    if (problems.length) {
      setShowProblems(true);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const body = toSaveBody(values, {
        rosterId: roster.pkDutyRosterId,
        reportedAt: new Date().toISOString(),
        fix: fix ? { latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy } : null,
        photo: photo ? { name: photo.name, type: photo.blob.type, capturedAt: photo.capturedAt, deviceTime: photo.deviceTime } : null,
      });
      const category = categories.data?.find((c) => c.key === values.pkIncidentCategoryId)?.value ?? '';
      const outcome = await sendFieldReport(body, photo?.blob ?? null, t('fieldReport.queuedLabel', { type: category, km: body.kilometerMarker }));
      if (outcome.status === 'sent') notify.success(t('fieldReport.sent'));
      void qc.invalidateQueries({ queryKey: fieldReportKeys.all });
      onClose();
    } catch (err) {
      if (err instanceof ParkedWriteError) setError(err.statusMsg || t('fieldReport.failed'));
      else if (!(err instanceof StorageFullError)) setError(`${t('fieldReport.failed')} ${errorText(err)}`);
    } finally {
      setSending(false);
    }
  };

  const gpsText =
    gps === 'locating'
      ? t('fieldReport.gps.locating')
      : gps === 'ok' && fix
        ? nearest
          ? t('fieldReport.gps.near', { km: kmText(nearest.km), meters: Math.round(nearest.meters) })
          : markers.isPending
            ? t('fieldReport.gps.fix', { accuracy: Math.round(fix.accuracy ?? 0) })
            : t('fieldReport.gps.noMarker')
        : gps === 'denied'
          ? t('fieldReport.gps.denied')
          : t('fieldReport.gps.unavailable');

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && !sending && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="fr-dialog" maxW={{ base: 'calc(100vw - 16px)', md: '720px' }}>
            <Dialog.Header>
              <Dialog.Title>{t('fieldReport.formTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t('fieldReport.formHint', { roster: roster.dutyRosterName })}
                </Text>

                <Field.Root required invalid={invalid('pkIncidentCategoryId')}>
                  <Field.Label fontWeight="semibold">
                    {t('fieldReport.field.type')} <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg" disabled={!categories.data}>
                    <NativeSelect.Field
                      minH="12"
                      value={values.pkIncidentCategoryId ?? ''}
                      onChange={(e) => set('pkIncidentCategoryId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                      data-testid="fr-type"
                    >
                      <option value="">{t('fieldReport.choose')}</option>
                      {(categories.data ?? []).map((c) => (
                        <option key={c.key} value={c.key}>
                          {c.value}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>

                <Box borderWidth="1px" borderColor="border" rounded="md" p="3" bg="bg.subtle">
                  <Flex align="center" gap="2" mb="3" wrap="wrap">
                    <Box as="span" color="fg.muted" aria-hidden display="inline-flex">
                      <LuMapPin />
                    </Box>
                    <Text fontSize="sm" flex="1" minW="0" data-testid="fr-gps" data-state={gps} data-derived={derived.km || undefined}>
                      {gpsText}
                    </Text>
                    <Button size="sm" minH="11" variant="outline" onClick={askGps} disabled={gps === 'locating'} data-testid="fr-gps-retry">
                      <LuCrosshair /> {t('fieldReport.gps.again')}
                    </Button>
                  </Flex>
                  <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }} gap="3">
                    <Field.Root required invalid={invalid('pkSectionId')}>
                      <Field.Label fontWeight="semibold">
                        {t('fieldReport.field.section')} <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
                        <NativeSelect.Field
                          minH="12"
                          value={values.pkSectionId ?? ''}
                          onChange={(e) => {
                            set('pkSectionId', e.currentTarget.value ? Number(e.currentTarget.value) : null);
                            if (!touched.km) setDerived((d) => ({ ...d, km: false }));
                          }}
                          data-testid="fr-section"
                        >
                          <option value="">{t('fieldReport.choose')}</option>
                          {(sections.data ?? []).map((s) => (
                            <option key={s.pkSectionId} value={s.pkSectionId}>
                              {s.sectionName}
                            </option>
                          ))}
                          {/* the roster's own section, before the list has loaded */}
                          {values.pkSectionId !== null && !(sections.data ?? []).some((s) => s.pkSectionId === values.pkSectionId) && (
                            <option value={values.pkSectionId}>{`#${values.pkSectionId}`}</option>
                          )}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root required invalid={invalid('kilometerMarker')}>
                      <Field.Label fontWeight="semibold">
                        {t('fieldReport.field.km')} <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        size="lg"
                        minH="12"
                        inputMode="decimal"
                        maxLength={20}
                        value={values.kilometerMarker}
                        onChange={(e) => {
                          setTouched((x) => ({ ...x, km: true }));
                          setDerived((d) => ({ ...d, km: false }));
                          set('kilometerMarker', e.currentTarget.value);
                        }}
                        placeholder="12.3"
                        data-testid="fr-km"
                      />
                      {derived.km && <Field.HelperText data-testid="fr-km-derived">{t('fieldReport.derived')}</Field.HelperText>}
                    </Field.Root>
                    <Field.Root required invalid={invalid('pkCardinalDirectionId')}>
                      <Field.Label fontWeight="semibold">
                        {t('fieldReport.field.direction')} <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg" disabled={!directions.data}>
                        <NativeSelect.Field
                          minH="12"
                          value={values.pkCardinalDirectionId ?? ''}
                          onChange={(e) => {
                            setTouched((x) => ({ ...x, direction: true }));
                            setDerived((d) => ({ ...d, direction: false }));
                            set('pkCardinalDirectionId', e.currentTarget.value ? Number(e.currentTarget.value) : null);
                          }}
                          data-testid="fr-direction"
                        >
                          <option value="">{t('fieldReport.choose')}</option>
                          {(directions.data ?? []).map((d) => (
                            <option key={d.key} value={d.key}>
                              {d.value}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      {derived.direction && <Field.HelperText>{t('fieldReport.derived')}</Field.HelperText>}
                    </Field.Root>
                  </Grid>
                </Box>

                <Box>
                  <Text fontWeight="semibold" mb="2">
                    {t('fieldReport.field.photo')}{' '}
                    <Text as="span" fontWeight="normal" color="fg.muted" fontSize="sm">
                      {t('fieldReport.optional')}
                    </Text>
                  </Text>
                  <ImageInput
                    inputRef={cameraRef}
                    onFiles={(f) => void picker.add(f.slice(0, 1))}
                    capture
                    multiple={false}
                    testId="fr-photo-camera"
                  />
                  <ImageInput inputRef={galleryRef} onFiles={(f) => void picker.add(f.slice(0, 1))} multiple={false} testId="fr-photo-input" />
                  {photo ? (
                    <Flex align="center" gap="3" borderWidth="1px" borderColor="border" rounded="md" p="2" data-testid="fr-photo-preview">
                      {photoUrl && <chakra.img src={photoUrl} alt={photo.name} w="24" h="20" objectFit="cover" rounded="sm" />}
                      <Box flex="1" minW="0">
                        <Text fontSize="sm" truncate title={photo.sourceName}>
                          {photo.name}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {photo.width}×{photo.height} · {formatBytes(photo.blob.size)}
                        </Text>
                      </Box>
                      <IconButton
                        variant="ghost"
                        minW="12"
                        minH="12"
                        aria-label={t('fieldReport.removePhoto')}
                        onClick={() => picker.clear()}
                        disabled={sending}
                        data-testid="fr-photo-remove"
                      >
                        <LuX />
                      </IconButton>
                    </Flex>
                  ) : (
                    <HStack gap="3" wrap="wrap">
                      <Button
                        minH="12"
                        variant="outline"
                        onClick={() => cameraRef.current?.click()}
                        loading={picker.processing}
                        data-testid="fr-photo-take"
                      >
                        <LuCamera /> {t('fieldReport.takePhoto')}
                      </Button>
                      <Button minH="12" variant="ghost" onClick={() => galleryRef.current?.click()} disabled={picker.processing}>
                        {t('fieldReport.choosePhoto')}
                      </Button>
                    </HStack>
                  )}
                  {picker.errors.length > 0 && (
                    <Text fontSize="sm" color="fg.error" mt="1" role="alert">
                      {picker.errors[0]}
                    </Text>
                  )}
                </Box>

                <Field.Root invalid={invalid('note')}>
                  <Field.Label fontWeight="semibold" htmlFor={noteId}>
                    {t('fieldReport.field.note')}{' '}
                    <Text as="span" fontWeight="normal" color="fg.muted" fontSize="sm">
                      {t('fieldReport.optional')}
                    </Text>
                  </Field.Label>
                  <Textarea
                    recipe={textareaRecipe}
                    id={noteId}
                    rows={3}
                    autoresize
                    maxLength={FIELD_REPORT_LIMITS.noteMax}
                    value={values.note}
                    onChange={(e) => set('note', e.currentTarget.value.slice(0, FIELD_REPORT_LIMITS.noteMax))}
                    data-testid="fr-note"
                  />
                  <Field.HelperText alignSelf="flex-end" fontVariantNumeric="tabular-nums" data-testid="fr-note-count">
                    {values.note.length}/{FIELD_REPORT_LIMITS.noteMax}
                  </Field.HelperText>
                </Field.Root>

                {showProblems && problems.length > 0 && (
                  <Text fontSize="sm" color="fg.error" data-testid="fr-missing" role="alert">
                    {t('fieldReport.missing', { fields: problems.map((f) => t(FIELD_LABEL[f])).join(', ') })}
                  </Text>
                )}
                {error && (
                  <Alert.Root status="error" rounded="md" data-testid="fr-error">
                    <Alert.Indicator />
                    <Alert.Description>{serverText(error)}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="12" minW="24" onClick={onClose} disabled={sending} data-testid="fr-cancel">
                {t('fieldReport.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                minH="12"
                minW="32"
                onClick={() => void submit()}
                loading={sending}
                disabled={picker.processing}
                data-testid="fr-submit"
              >
                <LuSend /> {t('fieldReport.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
