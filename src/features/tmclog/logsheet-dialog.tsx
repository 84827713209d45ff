import { useState } from 'react';
import { Alert, Button, Dialog, Field, Flex, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { TmcLogsheetRow } from '@contract/logsheet';
import { LOGSHEET_REMARKS_MAX } from '@contract/logsheet-rules';
import { ROLE_IDS } from '@contract/roles';
import type { WebUser } from '@contract/auth';
import type { LookupItem } from '@contract/envelope';
import { useLookup } from '@/lib/lookups';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/tmclog';
import { errorText } from '@/lib/api';
import { instantOfWall, wallDateTime } from '@/lib/time';
import { notify } from '@/ui/toaster';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { saveLogsheetCall, type SaveOutcome } from './tmclog-api';

interface FormValues {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
  regionId: string;
  remarks: string;
}

const withSeconds = (v: string) => (v.length === 5 ? `${v}:00` : v);

function initialValues(user: WebUser, row: TmcLogsheetRow | null): FormValues {
  if (!row) return { fromDate: '', fromTime: '', toDate: '', toTime: '', regionId: String(user.section.region.key), remarks: '' };
  const f = wallDateTime(row.from);
  const to = wallDateTime(row.to);
  return { fromDate: f.date, fromTime: f.time, toDate: to.date, toTime: to.time, regionId: String(row.pkRegionId), remarks: row.remarks };
}

/**
 * The logsheet form (§2.17): 'Create Logsheet (Baru)' with Send, or '(Kemaskini)' with Simpan and Batal. Send/Simpan
 * stay disabled until From, To and Region are filled (§5); To before From is shown under To. Region defaults to the
 * user's and is locked for TMCA (role 104) and when editing.
 */
export function LogsheetDialog({
  user,
  row,
  onClose,
  onSaved,
}: {
  user: WebUser;
  row: TmcLogsheetRow | null;
  onClose: () => void;
  onSaved: (o: SaveOutcome) => void;
}) {
  const t = useT();
  const regions = useLookup('region');
  const [v, setV] = useState<FormValues>(() => initialValues(user, row));
  const [pending, setPending] = useState(false);
  // the refusal as it came, shown in the language of the moment
  const [serverError, setServerError] = useState<unknown>(null);
  const editing = !!row;
  const regionLocked = editing || user.roles[0]?.pkRoleId === ROLE_IDS.TMCA;
  const set = (patch: Partial<FormValues>) => {
    setServerError(null);
    setV((cur) => ({ ...cur, ...patch }));
  };

  const from = instantOfWall(v.fromDate, v.fromTime);
  const to = instantOfWall(v.toDate, v.toTime);
  const toBeforeFrom = !!from && !!to && Date.parse(to) < Date.parse(from);
  const filled = !!from && !!to && !!v.regionId;
  const canSubmit = filled && !toBeforeFrom && v.remarks.length <= LOGSHEET_REMARKS_MAX && !pending;

  // the user's own region is always an option, even before the lookup list has loaded (offline first use)
  const options: LookupItem[] = [...(regions.data ?? [])];
  if (!options.some((o) => String(o.key) === String(user.section.region.key))) {
    options.unshift({ key: user.section.region.key, value: user.section.region.value, description: user.section.region.code });
  }

  const submit = async () => {
    if (!canSubmit || !from || !to) return;
    setPending(true);
    try {
      const outcome = await saveLogsheetCall({
        ...(row ? { pkTmcLogsheetId: row.pkTmcLogsheetId } : { pkRegionId: Number(v.regionId) }),
        from,
        to,
        remarks: v.remarks.trim(),
      });
      if (outcome.status === 'sent') notify.success(t('tmclog.sent'));
      onSaved(outcome);
    } catch (err) {
      setServerError(err);
      notify.error(t('tmclog.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root recipe={dialogSlotRecipe} open onOpenChange={(e) => !e.open && !pending && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="600px" mx="4" data-testid="logsheet-dialog">
            <Dialog.Header>
              <Dialog.Title data-testid="logsheet-dialog-title">
                {t('tmclog.create')} {editing ? t('tmclog.form.edit') : t('tmclog.form.new')}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="logsheet-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <Stack gap="4">
                  <DateTime
                    label={t('tmclog.from')}
                    date={v.fromDate}
                    time={v.fromTime}
                    onDate={(fromDate) => set({ fromDate })}
                    onTime={(fromTime) => set({ fromTime })}
                    testId="logsheet-from"
                  />
                  <DateTime
                    label={t('tmclog.to')}
                    date={v.toDate}
                    time={v.toTime}
                    min={v.fromDate}
                    onDate={(toDate) => set({ toDate })}
                    onTime={(toTime) => set({ toTime })}
                    testId="logsheet-to"
                    error={toBeforeFrom ? t('tmclog.toBeforeFrom') : undefined}
                  />
                  <Field.Root required disabled={regionLocked}>
                    <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
                      {t('tmclog.region')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" disabled={regionLocked}>
                      <NativeSelect.Field
                        bg="bg.panel"
                        minH="11"
                        value={v.regionId}
                        onChange={(e) => set({ regionId: e.currentTarget.value })}
                        data-testid="logsheet-region"
                      >
                        <option value="" disabled>
                          —
                        </option>
                        {options.map((o) => (
                          <option key={o.key} value={String(o.key)}>
                            {o.value}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {regionLocked && <Field.HelperText>{t('tmclog.regionLocked')}</Field.HelperText>}
                  </Field.Root>
                  <Field.Root invalid={v.remarks.length > LOGSHEET_REMARKS_MAX}>
                    <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
                      {t('tmclog.remarks')}
                    </Field.Label>
                    <Textarea
                      recipe={textareaRecipe}
                      bg="bg.panel"
                      rows={5}
                      value={v.remarks}
                      onChange={(e) => set({ remarks: e.currentTarget.value })}
                      data-testid="logsheet-remarks"
                    />
                    <Field.HelperText>{t('tmclog.remarksCount', { n: v.remarks.length, max: LOGSHEET_REMARKS_MAX })}</Field.HelperText>
                  </Field.Root>
                  {serverError != null && (
                    <Alert.Root status="error" rounded="md" data-testid="logsheet-error">
                      <Alert.Indicator />
                      <Alert.Description>
                        {t('tmclog.failed')} {errorText(serverError)}
                      </Alert.Description>
                    </Alert.Root>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              {editing ? (
                <>
                  <Button variant="outline" minH="11" minW="24" onClick={onClose} disabled={pending} data-testid="logsheet-cancel">
                    {t('tmclog.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    form="logsheet-form"
                    colorPalette="brand"
                    minH="11"
                    minW="24"
                    disabled={!canSubmit}
                    loading={pending}
                    data-testid="logsheet-save"
                  >
                    {t('tmclog.save')}
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="ghost" minH="11" onClick={onClose} disabled={pending} data-testid="logsheet-close">
                    {t('tmclog.close')}
                  </Button>
                  <Button
                    type="submit"
                    form="logsheet-form"
                    colorPalette="brand"
                    minH="11"
                    minW="24"
                    disabled={!canSubmit}
                    loading={pending}
                    data-testid="logsheet-send"
                  >
                    {t('tmclog.send')}
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A date and a time of day (hh:mm:ss) on one line, as Asia/Brunei wall-clock values. */
function DateTime({
  label,
  date,
  time,
  min,
  onDate,
  onTime,
  testId,
  error,
}: {
  label: string;
  date: string;
  time: string;
  min?: string;
  onDate: (v: string) => void;
  onTime: (v: string) => void;
  testId: string;
  error?: string;
}) {
  const t = useT();
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
        <Input
          size="lg"
          bg="bg.panel"
          type="date"
          min={min || undefined}
          aria-label={`${label} — ${t('tmclog.date')}`}
          value={date}
          onChange={(e) => onDate(e.currentTarget.value)}
          data-testid={`${testId}-date`}
        />
        <Input
          size="lg"
          bg="bg.panel"
          type="time"
          step={1}
          aria-label={`${label} — ${t('tmclog.time')}`}
          value={time}
          onChange={(e) => onTime(withSeconds(e.currentTarget.value))}
          data-testid={`${testId}-time`}
        />
      </Flex>
      {error && (
        <Field.ErrorText data-testid={`${testId}-error`}>
          <Text as="span">{error}</Text>
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
