/**
 * /staffingroster (issue #15 "Beyond the spec": the staffing view by day, as dispatch systems have): a grid of the
 * sections (rows) and shifts (columns) of a day — in each cell the rosters with their team, vehicle and the people on
 * duty; a section and shift with no roster stands out as a gap; the section's people on leave that day beside it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, Box, Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuArrowLeft, LuCalendarCheck, LuChevronLeft, LuChevronRight, LuPlane, LuPlus, LuTriangleAlert, LuUsers } from 'react-icons/lu';
import { addIsoDays } from '@contract/rosters-rules';
import type { StaffingFilter, StaffingResult } from '@contract/rosters';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import { errorText, isApiError } from '@/lib/api';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay } from '@/lib/time';
import { shiftDateAt } from '@contract/shift-time';
import { SEES_ALL_REGIONS, can, type RoleName } from '@contract/roles';
import { FilterSelect, sectionOptions } from '@/ui/admin/filters';
import { DateField } from '@/ui/date-field';
import { PageHeader } from '@/ui/page-header';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { StatCard } from '@/ui/stat-card';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { rosterKeys, staffingCall } from './roster-api';
import type { StaffingSearch } from './roster-search';
import { TableScroll } from '@/ui/table-scroll';
import { shiftLabel, useLookupText } from '@/lib/lookups';

export function StaffingScreen({ search, onSearchChange }: { search: StaffingSearch; onSearchChange: (s: StaffingSearch) => void }) {
  const t = useT();
  const user = useSession()?.user;
  const role = userRole(user);
  const canManage = can(role.name, 'rosterManage');
  const seesAll = SEES_ALL_REGIONS.includes(role.name as RoleName);
  const sections = useListedSections(seesAll ? undefined : user?.section.region.key);
  // the shift date of now (issue #29): before 07:00 the night shift that started the previous evening
  const current = shiftDateAt(Date.now());
  const date = search.date ?? current;
  const filter: StaffingFilter = { date, ...(search.sectionId ? { sectionId: search.sectionId } : {}) };
  const q = useQuery({ queryKey: rosterKeys.staffing(filter), queryFn: () => staffingCall(filter) });
  const set = (patch: Partial<StaffingSearch>) => onSearchChange({ ...search, ...patch });
  const data = q.data;

  return (
    <Box data-testid="staffing">
      <PageHeader
        title={t('rosters.staffing.title')}
        subtitle={t('rosters.staffing.subtitle')}
        actions={
          <Button asChild variant="outline" minH="11">
            <Link to="/listingroster" search={{ date, ...(search.sectionId ? { sectionId: search.sectionId } : {}) }} data-testid="staffing-back">
              <LuArrowLeft /> {t('rosters.staffing.back')}
            </Link>
          </Button>
        }
      />
      <Flex bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" p="4" gap="4" align="flex-end" wrap="wrap" mb="4" boxShadow="xs">
        <Button
          variant="outline"
          minH="11"
          aria-label={t('rosters.staffing.prevDay')}
          onClick={() => set({ date: addIsoDays(date, -1) })}
          data-testid="staffing-prev"
        >
          <LuChevronLeft />
        </Button>
        <DateField label={t('roster.date')} value={date} onChange={(d) => set({ date: d })} testId="staffing-date" />
        <Button
          variant="outline"
          minH="11"
          aria-label={t('rosters.staffing.nextDay')}
          onClick={() => set({ date: addIsoDays(date, 1) })}
          data-testid="staffing-next"
        >
          <LuChevronRight />
        </Button>
        <Button variant="outline" minH="11" onClick={() => set({ date: undefined })} disabled={date === current}>
          {t('roster.today')}
        </Button>
        <FilterSelect
          label={t('roster.section')}
          width="240px"
          value={search.sectionId}
          options={sectionOptions(sections.data)}
          allLabel={t('roster.allSections')}
          onChange={(v) => set({ sectionId: v })}
          testId="staffing-section"
        />
      </Flex>

      {q.isError && !data ? (
        <ErrorBlock
          title={t('rosters.staffing.loadFailed')}
          message={errorText(q.error)}
          offline={isApiError(q.error) && q.error.kind !== 'http'}
          onRetry={() => void q.refetch()}
        />
      ) : !data ? (
        <Stack gap="3" data-testid="staffing-loading">
          <Skeleton h="20" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      ) : data.sections.length === 0 ? (
        <EmptyBlock title={t('rosters.staffing.empty')} />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="staffing-totals">
            <StatCard label={t('rosters.staffing.rosters')} value={data.totals.rosters} icon={<LuCalendarCheck />} testId="staffing-rosters" />
            <StatCard label={t('rosters.staffing.onDuty')} value={data.totals.onDuty} icon={<LuUsers />} palette="green" testId="staffing-on-duty" />
            <StatCard
              label={t('rosters.staffing.onLeave')}
              value={data.totals.onLeave}
              icon={<LuPlane />}
              palette="orange"
              testId="staffing-on-leave"
            />
            <StatCard
              label={t('rosters.staffing.gaps')}
              value={data.totals.gaps}
              icon={<LuTriangleAlert />}
              palette={data.totals.gaps ? 'red' : 'gray'}
              testId="staffing-gaps"
            />
          </SimpleGrid>
          <StaffingGrid data={data} date={date} canManage={canManage} />
        </Stack>
      )}
    </Box>
  );
}

function StaffingGrid({ data, date, canManage }: { data: StaffingResult; date: string; canManage: boolean }) {
  const roleText = useLookupText('dutyRosterRoles');
  const t = useT();
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" overflow="hidden">
      <Flex px="4" py="2" borderBottomWidth="1px" borderColor="border.muted" justify="space-between" align="center">
        <Text fontWeight="semibold" color="brand.ink">
          {isoDateToDisplay(date)}
        </Text>
        {data.totals.gaps > 0 && (
          <HStack color="red.fg" fontSize="sm" gap="1">
            <LuTriangleAlert /> <Text>{t('rosters.staffing.gapsNote', { n: data.totals.gaps })}</Text>
          </HStack>
        )}
      </Flex>
      <TableScroll>
        <Table.Root recipe={tableSlotRecipe} size="sm" minW={`${220 + data.shifts.length * 300 + 240}px`} data-testid="staffing-grid">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="200px" fontSize="xs" textTransform="uppercase" color="fg.muted">
                {t('roster.section')}
              </Table.ColumnHeader>
              {data.shifts.map((s) => (
                <Table.ColumnHeader key={s.shiftId} fontSize="xs" textTransform="uppercase" color="fg.muted" data-testid="staffing-shift">
                  {shiftLabel(s.shiftName)}{' '}
                  <Text as="span" textTransform="none" fontWeight="normal">
                    {s.startHour}–{s.endHour}
                  </Text>
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader w="240px" fontSize="xs" textTransform="uppercase" color="fg.muted">
                {t('rosters.staffing.leaveCol')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.sections.map((sec) => (
              <Table.Row key={sec.sectionId} data-testid="staffing-row" data-section={sec.sectionName} verticalAlign="top">
                <Table.Cell>
                  <Badge colorPalette="brand" variant="solid" size="sm">
                    {sec.sectionName}
                  </Badge>
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {sec.description}
                  </Text>
                </Table.Cell>
                {sec.cells.map((cell) => (
                  <Table.Cell
                    key={cell.shiftId}
                    bg={cell.gap ? 'red.subtle' : undefined}
                    borderInlineStartWidth="1px"
                    borderColor="border.muted"
                    data-testid="staffing-cell"
                    data-shift={cell.shiftId}
                    data-gap={cell.gap ? 'true' : 'false'}
                  >
                    {cell.gap ? (
                      <Stack gap="1" align="flex-start">
                        <HStack color="red.fg" fontWeight="semibold" fontSize="sm" gap="1" data-testid="staffing-gap">
                          <LuTriangleAlert /> <Text>{t('rosters.staffing.gap')}</Text>
                        </HStack>
                        {canManage && (
                          <Button asChild size="xs" variant="outline" colorPalette="red">
                            <Link
                              to="/createupdateroster/$rosterId"
                              params={{ rosterId: 'baru' }}
                              search={{ sectionId: sec.sectionId, date }}
                              data-testid="staffing-gap-new"
                            >
                              <LuPlus /> {t('rosters.new')}
                            </Link>
                          </Button>
                        )}
                      </Stack>
                    ) : (
                      <Stack gap="3">
                        {cell.rosters.map((r) => (
                          <Box key={r.pkDutyRosterId} data-testid="staffing-roster">
                            <Flex gap="2" align="center" wrap="wrap">
                              {canManage ? (
                                <Link to="/createupdateroster/$rosterId" params={{ rosterId: String(r.pkDutyRosterId) }}>
                                  <Text fontWeight="semibold" color="brand.fg" fontSize="sm" _hover={{ textDecoration: 'underline' }}>
                                    {r.teamName}
                                  </Text>
                                </Link>
                              ) : (
                                <Text fontWeight="semibold" fontSize="sm">
                                  {r.teamName}
                                </Text>
                              )}
                              <LifecycleBadge lifecycle={r.lifecycle} testId="roster-lifecycle" />
                            </Flex>
                            <Text fontSize="xs" color="fg.muted">
                              {r.startHour}–{r.endHour} · {r.plateNumber ?? t('roster.noVehicle')}
                              {r.callSign ? ` · ${r.callSign}` : ''}
                            </Text>
                            <Stack gap="0" mt="1" fontSize="xs">
                              {r.people.length ? (
                                r.people.map((p) => (
                                  <Text key={p.pkStaffId} data-testid="staffing-person">
                                    {p.displayName}
                                    {p.rosterRoleName && (
                                      <Text as="span" color="fg.muted">
                                        {' '}
                                        · {roleText(p.rosterRoleName)}
                                      </Text>
                                    )}
                                  </Text>
                                ))
                              ) : (
                                <Text color="red.fg">{t('roster.noMembers')}</Text>
                              )}
                            </Stack>
                          </Box>
                        ))}
                      </Stack>
                    )}
                  </Table.Cell>
                ))}
                <Table.Cell borderInlineStartWidth="1px" borderColor="border.muted" data-testid="staffing-leave">
                  {sec.onLeave.length === 0 ? (
                    <Text fontSize="xs" color="fg.subtle">
                      —
                    </Text>
                  ) : (
                    <Stack gap="1.5" fontSize="xs">
                      {sec.onLeave.map((l) => (
                        <Box key={l.pkStaffId} data-testid="staffing-leave-person">
                          <Text fontWeight="medium">{l.displayName}</Text>
                          <Text color="fg.muted">
                            {l.leaveTypeName} · {isoDateToDisplay(l.dateFrom)}
                            {l.dateTo !== l.dateFrom ? ` – ${isoDateToDisplay(l.dateTo)}` : ''}
                          </Text>
                          {l.releasedFrom && <Text color="orange.fg">{t('rosters.staffing.released', { roster: l.releasedFrom })}</Text>}
                        </Box>
                      ))}
                    </Stack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </Box>
  );
}
