import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, Box, Button, Field, Flex, HStack, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuCalendarCog, LuCalendarDays, LuCalendarRange, LuChevronLeft, LuChevronRight, LuLayoutGrid, LuPlus, LuRadio } from 'react-icons/lu';
import { isListedSectionName } from '@contract/lookups';
import { SEES_ALL_REGIONS, can, type RoleName } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import { errorText, isApiError } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { rosterHours, rosterStatusAt } from '@/lib/roster-status';
import { useSession, userRole } from '@/lib/session';
import { todayIso } from '@/lib/time';
import { DateField } from '@/ui/date-field';
import { PageHeader } from '@/ui/page-header';
import { RosterStatusBadge } from '@/ui/roster-status-badge';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { GenerateDialog } from './generate-dialog';
import { RosterMonthView } from './month-view';
import { rosterKeys, rosterPageCall, sectionsCall } from './roster-api';
import { RosterRowActions } from './row-actions';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type RosterListSearch } from './roster-search';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { TableScroll } from '@/ui/table-scroll';
import { shiftLabel } from '@/lib/lookups';

/**
 * /listingroster (Senarai Jadual Tugas): the rosters of a day, server-side paged, or of a month (dutyRosterView). For
 * rosterManage users: a new roster, edit and delete per row, and the month's generation; for everyone, each roster's
 * activity log and the staffing view of the day.
 */
export function RosterListScreen({
  search,
  onSearchChange,
  onNew,
}: {
  search: RosterListSearch;
  onSearchChange: (s: RosterListSearch) => void;
  /** opens /createupdateroster/baru with the list's section and date */
  onNew: (preset: { sectionId?: number; date: string }) => void;
}) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const role = userRole(user);
  const date = search.date ?? todayIso();
  const page = search.page ?? 0;
  const size = search.size ?? DEFAULT_PAGE_SIZE;
  const regionId = SEES_ALL_REGIONS.includes(role.name as RoleName) ? undefined : user?.section.region.key;
  const canManage = can(role.name, 'rosterManage');
  const monthView = search.view === 'month';
  const month = search.month ?? date.slice(0, 7);
  const [generating, setGenerating] = useState(false);

  const sections = useQuery({
    queryKey: ['sections', user?.userId, regionId ?? 'all'],
    queryFn: () => networkFirst(user?.userId, `sections:${regionId ?? 'all'}`, () => sectionsCall(regionId)),
    staleTime: 10 * 60_000,
  });
  const sectionOptions = useMemo(
    () =>
      (sections.data?.data.rows ?? []).filter((s) => isListedSectionName(s.sectionName)).sort((a, b) => a.sectionName.localeCompare(b.sectionName)),
    [sections.data],
  );

  const list = useQuery({
    queryKey: [...rosterKeys.all, 'list', user?.userId, date, search.sectionId ?? null, page, size],
    queryFn: () =>
      networkFirst(user?.userId, `rosterList:${date}:${search.sectionId ?? 'all'}:${page}:${size}`, () =>
        rosterPageCall({ date, sectionId: search.sectionId }, page, size),
      ),
    placeholderData: keepPreviousData,
    enabled: !monthView,
  });

  const rows = list.data?.data.rows ?? [];
  const total = list.data?.data.recordCount ?? 0;
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, page * size + rows.length);
  const now = Date.now();

  const set = (patch: Partial<RosterListSearch>) => onSearchChange({ ...search, ...patch });

  return (
    <Box data-testid="roster-list">
      <PageHeader
        title={t('roster.title')}
        subtitle={t('roster.subtitle')}
        actions={
          <>
            <Button asChild variant="outline" minH="11">
              <Link
                to="/staffingroster"
                search={{ date, ...(search.sectionId ? { sectionId: search.sectionId } : {}) }}
                data-testid="roster-staffing-link"
              >
                <LuLayoutGrid /> {t('rosters.staffing.link')}
              </Link>
            </Button>
            {canManage && (
              <>
                <Button variant="outline" colorPalette="brand" minH="11" onClick={() => setGenerating(true)} data-testid="roster-generate">
                  <LuCalendarCog /> {t('rosters.generate.button')}
                </Button>
                <Button colorPalette="brand" minH="11" onClick={() => onNew({ sectionId: search.sectionId, date })} data-testid="roster-new">
                  <LuPlus /> {t('rosters.new')}
                </Button>
              </>
            )}
          </>
        }
      />
      {generating && (
        <GenerateDialog sections={sectionOptions} defaultSectionId={search.sectionId} defaultMonth={month} onClose={() => setGenerating(false)} />
      )}

      <Flex bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" gap="4" align="flex-end" wrap="wrap" mb="4" boxShadow="xs">
        <HStack gap="0" role="tablist" alignSelf="flex-end">
          <Button
            role="tab"
            aria-selected={!monthView}
            minH="11"
            roundedEnd="0"
            variant={monthView ? 'outline' : 'solid'}
            colorPalette="brand"
            onClick={() => set({ view: undefined, month: undefined })}
            data-testid="roster-view-day"
          >
            <LuCalendarDays /> {t('rosters.view.day')}
          </Button>
          <Button
            role="tab"
            aria-selected={monthView}
            minH="11"
            roundedStart="0"
            variant={monthView ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => set({ view: 'month', month })}
            data-testid="roster-view-month"
          >
            <LuCalendarRange /> {t('rosters.view.month')}
          </Button>
        </HStack>
        {monthView ? (
          <Field.Root width="200px">
            <Field.Label fontSize="sm">{t('rosters.generate.month')}</Field.Label>
            <Input
              type="month"
              bg="bg.panel"
              minH="11"
              value={month}
              onChange={(e) => /^\d{4}-\d{2}$/.test(e.currentTarget.value) && set({ month: e.currentTarget.value })}
              data-testid="roster-month-input"
            />
          </Field.Root>
        ) : (
          <DateField label={t('roster.date')} value={date} onChange={(d) => set({ date: d, page: 0 })} testId="roster-date" />
        )}
        <Field.Root width="220px">
          <Field.Label fontSize="sm">{t('roster.section')}</Field.Label>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md">
            <NativeSelect.Field
              bg="bg.panel"
              minH="11"
              value={search.sectionId ? String(search.sectionId) : ''}
              onChange={(e) => set({ sectionId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined, page: 0 })}
              data-testid="roster-section"
            >
              <option value="">{t('roster.allSections')}</option>
              {sectionOptions.map((s) => (
                <option key={s.pkSectionId} value={s.pkSectionId}>
                  {s.sectionName} — {s.description}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {!monthView && (
          <Button variant="outline" minH="11" onClick={() => set({ date: undefined, page: 0 })} disabled={date === todayIso()}>
            {t('roster.today')}
          </Button>
        )}
        {!monthView && (
          <Text ms="auto" fontSize="sm" color="fg.muted" alignSelf="center" data-testid="roster-total">
            {list.data ? t('dashboard.rosterCount', { count: total }) : ''}
          </Text>
        )}
      </Flex>

      {monthView ? (
        <RosterMonthView month={month} sectionId={search.sectionId} canManage={canManage} />
      ) : list.isError && !list.data ? (
        <ErrorBlock
          title={t('roster.loadFailed')}
          message={errorText(list.error)}
          offline={isApiError(list.error) && list.error.kind !== 'http'}
          onRetry={() => list.refetch()}
        />
      ) : (
        <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" overflow="hidden">
          <TableScroll>
            <Table.Root recipe={tableSlotRecipe} size="sm" interactive stickyHeader minW="980px" data-testid="roster-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  {[
                    ['roster.no', '52px'],
                    ['roster.section', '80px'],
                    ['roster.name', undefined],
                    ['roster.shift', '150px'],
                    ['roster.members', undefined],
                    ['roster.vehicle', '150px'],
                    ['roster.status', '140px'],
                    ['rosters.col.actions', '130px'],
                  ].map(([k, w]) => (
                    <Table.ColumnHeader key={k} w={w} py="3" fontSize="xs" textTransform="uppercase" letterSpacing="0.05em" color="fg.muted">
                      {t(k as 'roster.no')}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.isPending ? (
                  <TableSkeletonRows cols={8} />
                ) : (
                  rows.map((r, i) => (
                    <Table.Row key={r.pkDutyRosterId} opacity={list.isPlaceholderData ? 0.6 : 1} data-testid="roster-row">
                      <Table.Cell py="3" color="fg.muted" fontVariantNumeric="tabular-nums">
                        {page * size + i + 1}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette="brand" variant="solid" size="sm">
                          {r.sectionName}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontWeight="medium">{r.dutyRosterName}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {t('roster.team')}: {r.teamName}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Text>{shiftLabel(r.shiftName)}</Text>
                        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                          {rosterHours(r)}
                        </Text>
                      </Table.Cell>
                      <Table.Cell fontSize="xs" lineHeight="1.45">
                        {r.members.length ? (
                          r.members.map((m) => (
                            <Text key={m.pkStaffId} truncate maxW="260px" title={`${m.displayName} · ${m.position}`}>
                              {m.displayName}
                            </Text>
                          ))
                        ) : (
                          <Text color="fg.muted">{t('roster.noMembers')}</Text>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        {r.plateNumber ? (
                          <Box>
                            <Text fontFamily="mono" fontWeight="bold" fontSize="sm">
                              {r.plateNumber}
                            </Text>
                            {r.callSign && (
                              <HStack gap="1" color="brand.fg" fontSize="xs">
                                <LuRadio /> <Text>{r.callSign}</Text>
                              </HStack>
                            )}
                          </Box>
                        ) : (
                          <Text color="fg.muted" fontSize="xs">
                            {t('roster.noVehicle')}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <RosterStatusBadge status={rosterStatusAt(r, now)} />
                      </Table.Cell>
                      <Table.Cell>
                        <RosterRowActions id={r.pkDutyRosterId} name={r.dutyRosterName} canManage={canManage} />
                      </Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </TableScroll>

          {!list.isPending && rows.length === 0 && <EmptyBlock title={t('roster.empty')} />}

          <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderTopWidth="1px" borderColor="border.muted" wrap="wrap">
            <HStack gap="2">
              <Text fontSize="sm" color="fg.muted">
                {t('roster.perPage')}
              </Text>
              <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm" width="80px">
                <NativeSelect.Field
                  value={String(size)}
                  onChange={(e) => set({ size: Number(e.currentTarget.value), page: 0 })}
                  minH="10"
                  aria-label={t('roster.perPage')}
                  data-testid="roster-size"
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
            <HStack gap="3">
              <Text fontSize="sm" color="fg.muted" data-testid="roster-pageinfo" fontVariantNumeric="tabular-nums">
                {t('roster.pageInfo', { from, to, total })}
              </Text>
              <Button
                size="sm"
                minH="11"
                variant="outline"
                disabled={page === 0}
                onClick={() => set({ page: page - 1 })}
                aria-label={t('roster.prev')}
              >
                <LuChevronLeft /> {t('roster.prev')}
              </Button>
              <Button
                size="sm"
                minH="11"
                variant="outline"
                disabled={to >= total}
                onClick={() => set({ page: page + 1 })}
                aria-label={t('roster.next')}
              >
                {t('roster.next')} <LuChevronRight />
              </Button>
            </HStack>
          </Flex>
        </Box>
      )}
    </Box>
  );
}
