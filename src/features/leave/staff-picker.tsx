/**
 * Picks the staff member a leave is for: the active staff of the manager's region (all regions for national roles),
 * narrowed by section and by words of the name or staff number (leave/staffOptions, at most 50 at a time).
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Field, Flex, Input, NativeSelect, Spinner } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { LEAVE_STAFF_OPTIONS_MAX, type LeaveStaffOption } from '@contract/leave';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/leave';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { FormField } from '@/ui/admin/admin-form';
import { FilterSelectControl, sectionOptions } from '@/ui/admin/filters';
import { LEAVE_KEY, staffOptionsCall } from './leave-api';

const optionLabel = (o: LeaveStaffOption) => `${o.displayName} (${o.staffNo}) · ${o.sectionName} · ${o.position}`;

export function StaffPicker({
  value,
  onChange,
  initial,
  error,
  disabled,
}: {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  /** the staff member of an edited leave (may be outside the current search) */
  initial?: LeaveStaffOption;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const user = useSession()?.user;
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const sections = useListedSections(seesAll ? undefined : user?.section.region.key);
  const [section, setSection] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setText(typed.trim()), 300);
    return () => clearTimeout(id);
  }, [typed]);

  const options = useQuery({
    queryKey: [LEAVE_KEY, 'staffOptions', user?.userId, section ?? null, text],
    queryFn: () =>
      staffOptionsCall({
        ...(section ? { pkSectionId: section } : {}),
        ...(text ? { text } : {}),
      }),
    placeholderData: keepPreviousData,
    enabled: !!user && !disabled,
    staleTime: 60_000,
  });
  const list = [...(options.data ?? [])];
  if (initial && !list.some((o) => o.pkStaffId === initial.pkStaffId)) list.unshift(initial);

  return (
    <FormField
      label={t('leave.form.staff')}
      required
      error={error}
      helper={
        options.isError
          ? errorText(options.error)
          : options.data && options.data.length >= LEAVE_STAFF_OPTIONS_MAX
            ? t('leave.form.staffMore', { n: LEAVE_STAFF_OPTIONS_MAX })
            : t('leave.form.staffHint')
      }
    >
      {!disabled && (
        // a field of its own: the picker's error marks the choice below, not these search inputs
        <Field.Root invalid={false}>
          <Flex gap="2" w="full" wrap="wrap" mb="2">
            <FilterSelectControl
              value={section}
              onChange={setSection}
              options={sectionOptions(sections.data, null)}
              allLabel={t('leave.form.allSections')}
              width="140px"
              ariaLabel={t('leave.filter.section')}
              testId="leave-staff-section"
            />
            <Input
              flex="1"
              minW="180px"
              bg="bg.panel"
              minH="11"
              value={typed}
              maxLength={100}
              onChange={(e) => setTyped(e.currentTarget.value)}
              placeholder={t('leave.filter.textPlaceholder')}
              aria-label={t('leave.filter.text')}
              data-testid="leave-staff-search"
            />
            {options.isFetching && <Spinner size="sm" alignSelf="center" />}
          </Flex>
        </Field.Root>
      )}
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" disabled={disabled}>
        <NativeSelect.Field
          bg="bg.panel"
          minH="11"
          value={value ?? ''}
          onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data-testid="leave-staff"
        >
          <option value="">
            {options.isPending && !initial
              ? t('leave.form.staffLoading')
              : list.length
                ? t('leave.form.staffChoose', { n: list.length })
                : t('leave.form.staffNone')}
          </option>
          {list.map((o) => (
            <option key={o.pkStaffId} value={o.pkStaffId}>
              {optionLabel(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
