/**
 * The form of one activity (new or edited), made for a tablet in a vehicle: big fields, the time set to now (one tap
 * puts it back to now), the place as KM, direction and a checkpoint of the section's rondas (which fills in its KM,
 * direction and coordinates), and a remark. Checked here as the server checks (±15 min of the shift, not in the
 * future); a refusal by the server shows its message and keeps what was typed.
 */
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, Flex, Grid, Input, NativeSelect, Portal, Text, Textarea } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { LuClock, LuSave } from 'react-icons/lu';
import { ACTIVITY_LOCATION_MAX, ACTIVITY_MESSAGES, ACTIVITY_REMARK_MAX } from '@contract/activity-log-rules';
import type { CheckpointRow } from '@contract/rondas';
import type { LookupItem } from '@contract/envelope';
import { serverText, useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import { isoDateToDisplay } from '@/lib/time';
import { normalizeTime, type EntryError, type EntryForm } from './activity-rules';
import { eventLook } from './event-look';

export type FormErrors = Partial<Record<keyof EntryForm | 'form', EntryError>>;

const ERROR_TEXT: Record<Exclude<EntryError, 'outsideShift' | 'inFuture'>, TextKey> = {
  event: 'activity.error.event',
  time: 'activity.error.time',
  km: 'activity.error.km',
  location: 'activity.error.location',
  remark: 'activity.error.remark',
};

export function EntryDialog({
  open,
  title,
  initial,
  subtitle,
  dates,
  directions,
  checkpoints,
  checkpointsUnavailable,
  errors,
  serverError,
  saving,
  onNow,
  onSave,
  onCancel,
}: {
  open: boolean;
  title: string;
  /** the values the form opens with (a stable object while the dialog is open) */
  initial: EntryForm;
  /** under the title: the roster's name */
  subtitle: string;
  /** the dates the entry may fall on ('YYYY-MM-DD') */
  dates: string[];
  directions: LookupItem[];
  checkpoints: CheckpointRow[];
  checkpointsUnavailable: boolean;
  errors: FormErrors;
  serverError: string | null;
  saving: boolean;
  /** the wall clock now: { date, time 'HH:mm' } */
  onNow: () => { date: string; time: string };
  onSave: (form: EntryForm) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [form, setForm] = useState<EntryForm>(initial);
  const timeId = useId();
  // a fresh form each time the dialog opens (or opens on another entry); `initial` is kept by the parent while open
  useEffect(() => {
    if (open) setForm(initial);
  }, [open, initial]);

  const set = (patch: Partial<EntryForm>) => setForm((f) => ({ ...f, ...patch }));
  const look = eventLook(form.eventId);
  const errorText = (e: EntryError | undefined, max?: number) =>
    !e
      ? null
      : e === 'outsideShift'
        ? ACTIVITY_MESSAGES.outsideShift
        : e === 'inFuture'
          ? ACTIVITY_MESSAGES.inFuture
          : t(ERROR_TEXT[e], max ? { max } : undefined);

  // checkpoints grouped by ronda (optgroups)
  const groups = new Map<string, CheckpointRow[]>();
  for (const c of checkpoints) {
    const g = groups.get(c.rondaName) ?? [];
    g.push(c);
    groups.set(c.rondaName, g);
  }

  const pickCheckpoint = (raw: string) => {
    const id = raw ? Number(raw) : null;
    const cp = id ? checkpoints.find((c) => c.pkRondaLoopCheckpointId === id) : undefined;
    set(cp ? { checkpointId: cp.pkRondaLoopCheckpointId, km: String(cp.km), directionId: cp.directionId } : { checkpointId: null });
  };

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && !saving && onCancel()}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      initialFocusEl={() => document.getElementById(timeId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="activity-dialog" data-event-id={form.eventId}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!saving) onSave(form);
              }}
              noValidate
            >
              <Dialog.Header>
                <Flex align="center" gap="3">
                  <Flex
                    w="10"
                    h="10"
                    rounded="lg"
                    align="center"
                    justify="center"
                    colorPalette={look.palette}
                    bg="colorPalette.subtle"
                    color="colorPalette.fg"
                    fontSize="xl"
                  >
                    {look.icon}
                  </Flex>
                  <Box>
                    <Dialog.Title>{title}</Dialog.Title>
                    <Text fontSize="sm" color="fg.muted">
                      {subtitle}
                    </Text>
                  </Box>
                </Flex>
              </Dialog.Header>
              <Dialog.Body>
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                  <Field.Root invalid={!!errors.time}>
                    <Field.Label>{t('activity.form.time')}</Field.Label>
                    <Flex gap="2" w="full">
                      <Input
                        id={timeId}
                        size="lg"
                        minH="12"
                        fontSize="xl"
                        fontVariantNumeric="tabular-nums"
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="JJ:MM"
                        maxLength={5}
                        value={form.time}
                        onChange={(e) => set({ time: e.currentTarget.value })}
                        onBlur={(e) => set({ time: normalizeTime(e.currentTarget.value) })}
                        data-testid="activity-time"
                      />
                      <Button
                        type="button"
                        variant="outline"
                        minH="12"
                        onClick={() => {
                          const now = onNow();
                          set({ date: dates.includes(now.date) ? now.date : form.date, time: now.time });
                        }}
                        data-testid="activity-time-now"
                      >
                        <LuClock /> {t('activity.form.now')}
                      </Button>
                    </Flex>
                    {errors.time && <Field.ErrorText data-testid="activity-time-error">{errorText(errors.time)}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('activity.form.date')}</Field.Label>
                    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
                      <NativeSelect.Field
                        minH="12"
                        value={form.date}
                        onChange={(e) => set({ date: e.currentTarget.value })}
                        data-testid="activity-date"
                      >
                        {dates.map((d) => (
                          <option key={d} value={d}>
                            {isoDateToDisplay(d)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>

                  <Field.Root gridColumn={{ sm: 'span 2' }}>
                    <Field.Label>{t('activity.form.checkpoint')}</Field.Label>
                    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg" disabled={!checkpoints.length}>
                      <NativeSelect.Field
                        minH="12"
                        value={form.checkpointId ?? ''}
                        onChange={(e) => pickCheckpoint(e.currentTarget.value)}
                        data-testid="activity-checkpoint"
                      >
                        <option value="">{t('activity.form.noCheckpoint')}</option>
                        {[...groups.entries()].map(([ronda, cps]) => (
                          <optgroup key={ronda} label={ronda}>
                            {cps.map((c) => (
                              <option key={c.pkRondaLoopCheckpointId} value={c.pkRondaLoopCheckpointId}>
                                {c.seq}. {c.checkpointName} (KM {c.km}, {c.directionName})
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.HelperText>
                      {checkpointsUnavailable ? t('activity.form.checkpointsOffline') : t('activity.form.checkpointHint')}
                    </Field.HelperText>
                  </Field.Root>

                  <Field.Root invalid={!!errors.km}>
                    <Field.Label>{t('activity.form.km')}</Field.Label>
                    <Input
                      size="lg"
                      minH="12"
                      inputMode="decimal"
                      placeholder={t('activity.form.kmPlaceholder')}
                      value={form.km}
                      maxLength={9}
                      onChange={(e) => set({ km: e.currentTarget.value })}
                      data-testid="activity-km"
                    />
                    {errors.km && <Field.ErrorText>{errorText(errors.km)}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('activity.form.direction')}</Field.Label>
                    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
                      <NativeSelect.Field
                        minH="12"
                        value={form.directionId ?? ''}
                        onChange={(e) => set({ directionId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
                        data-testid="activity-direction"
                      >
                        <option value="">{t('activity.form.noDirection')}</option>
                        {directions.map((d) => (
                          <option key={d.key} value={d.key}>
                            {d.value}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>

                  <Field.Root gridColumn={{ sm: 'span 2' }} invalid={!!errors.location}>
                    <Field.Label>{t('activity.form.location')}</Field.Label>
                    <Input
                      size="lg"
                      minH="12"
                      placeholder={t('activity.form.locationPlaceholder')}
                      value={form.location}
                      maxLength={ACTIVITY_LOCATION_MAX}
                      onChange={(e) => set({ location: e.currentTarget.value })}
                      data-testid="activity-location"
                    />
                    {errors.location && <Field.ErrorText>{errorText(errors.location, ACTIVITY_LOCATION_MAX)}</Field.ErrorText>}
                  </Field.Root>

                  <Field.Root gridColumn={{ sm: 'span 2' }} invalid={!!errors.remark}>
                    <Field.Label>{t('activity.form.remark')}</Field.Label>
                    <Textarea
                      recipe={textareaRecipe}
                      rows={3}
                      fontSize="md"
                      placeholder={t('activity.form.remarkPlaceholder')}
                      value={form.remark}
                      maxLength={ACTIVITY_REMARK_MAX}
                      onChange={(e) => set({ remark: e.currentTarget.value.slice(0, ACTIVITY_REMARK_MAX) })}
                      data-testid="activity-remark"
                    />
                    <Field.HelperText alignSelf="flex-end" fontVariantNumeric="tabular-nums">
                      {t('activity.form.count', { count: form.remark.length, max: ACTIVITY_REMARK_MAX })}
                    </Field.HelperText>
                    {errors.remark && <Field.ErrorText>{errorText(errors.remark, ACTIVITY_REMARK_MAX)}</Field.ErrorText>}
                  </Field.Root>
                </Grid>
                {serverError && (
                  <Alert.Root status="error" mt="4" rounded="md" data-testid="activity-dialog-error">
                    <Alert.Indicator />
                    <Alert.Title>{serverText(serverError)}</Alert.Title>
                  </Alert.Root>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  type="button"
                  variant="outline"
                  size="lg"
                  minH="14"
                  minW="28"
                  onClick={onCancel}
                  disabled={saving}
                  data-testid="activity-cancel"
                >
                  {t('activity.form.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" size="lg" minH="14" minW="36" loading={saving} data-testid="activity-save">
                  <LuSave /> {t('activity.form.save')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
