/**
 * The month view of /listingroster (dutyRosterView/dataTables, §9 "rosters by month 1000"): every roster starting in
 * the month for the chosen section (or the user's region), one row each with its people and their roles, vehicle,
 * device and phone, and its lifecycle; 1,000 a page.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Box, Button, Flex, HStack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuChevronLeft, LuChevronRight, LuTriangleAlert } from 'react-icons/lu';
import { ROSTER_MONTH_PAGE_MAX } from '@contract/rosters-rules';
import type { RosterMonthFilter } from '@contract/rosters';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import { errorText, isApiError } from '@/lib/api';
import { rosterHours } from '@/lib/roster-status';
import { isoDateToDisplay } from '@/lib/time';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { TableSkeletonRows } from '@/ui/table-skeleton';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { monthCall, rosterKeys } from './roster-api';
import { RosterRowActions } from './row-actions';
import { CellText, TableScroll } from '@/ui/table-scroll';
import { shiftLabel, useLookupText } from '@/lib/lookups';

export function RosterMonthView({ month, sectionId, canManage }: { month: string; sectionId?: number; canManage: boolean }) {
  const t = useT();
  const roleText = useLookupText('dutyRosterRoles');
  const [start, setStart] = useState(0);
  const filter: RosterMonthFilter = { month, ...(sectionId ? { sectionId } : {}) };
  const list = useQuery({ queryKey: rosterKeys.month(filter, start), queryFn: () => monthCall(filter, start), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const total = list.data?.recordCount ?? 0;

  if (list.isError && !list.data) {
    return (
      <ErrorBlock
        title={t('roster.loadFailed')}
        message={errorText(list.error)}
        offline={isApiError(list.error) && list.error.kind !== 'http'}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" overflow="hidden" data-testid="roster-month">
      <Flex px="4" py="2" borderBottomWidth="1px" borderColor="border.muted" align="center" gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="roster-month-total" data-total={list.data ? total : undefined}>
          {list.data ? t('rosters.month.total', { n: total }) : ''}
        </Text>
      </Flex>
      <TableScroll scrollMaxH="70vh">
        <Table.Root recipe={tableSlotRecipe} size="sm" interactive stickyHeader minW="1000px" data-testid="roster-month-table">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {(
                [
                  ['rosters.col.date', '110px'],
                  ['roster.section', '80px'],
                  ['roster.name', undefined],
                  ['roster.shift', '140px'],
                  ['roster.members', undefined],
                  ['roster.vehicle', '130px'],
                  ['rosters.col.lifecycle', '130px'],
                  ['rosters.col.actions', '130px'],
                ] as const
              ).map(([k, w]) => (
                <Table.ColumnHeader key={k} w={w} py="3" fontSize="xs" textTransform="uppercase" letterSpacing="0.05em" color="fg.muted">
                  {t(k)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.isPending ? (
              <TableSkeletonRows cols={8} />
            ) : (
              rows.map((r) => (
                <Table.Row
                  key={r.pkDutyRosterId}
                  opacity={list.isPlaceholderData ? 0.6 : 1}
                  data-testid="roster-month-row"
                  data-roster-id={r.pkDutyRosterId}
                >
                  <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                    {isoDateToDisplay(r.startDate)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette="brand" variant="solid" size="sm">
                      {r.sectionName}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Text fontWeight="medium">{r.dutyRosterName}</Text>
                      {r.statusAlert && (
                        <Box color="orange.fg" title={t('rosters.field.statusAlert')}>
                          <LuTriangleAlert />
                        </Box>
                      )}
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {t('roster.team')}: {r.teamName}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{shiftLabel(r.shiftName)}</Text>
                    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                      {rosterHours(r)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell fontSize="xs" lineHeight="1.45">
                    {r.members.length ? (
                      r.members.map((m) => (
                        <CellText key={m.pkStaffId} maxW="280px">
                          {m.rosterRoleName ? `${m.displayName} · ${roleText(m.rosterRoleName)}` : m.displayName}
                        </CellText>
                      ))
                    ) : (
                      <Text color="fg.muted">{t('roster.noMembers')}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {r.plateNumber ? (
                      <Text fontFamily="mono" fontWeight="bold" fontSize="sm">
                        {r.plateNumber}
                      </Text>
                    ) : (
                      <Text color="fg.muted" fontSize="xs">
                        {t('roster.noVehicle')}
                      </Text>
                    )}
                    {r.deviceNo && (
                      <Text fontSize="xs" color="fg.muted">
                        {r.deviceNo}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <LifecycleBadge lifecycle={r.lifecycle} testId="roster-lifecycle" />
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
      {!list.isPending && rows.length === 0 && <EmptyBlock title={t('rosters.month.empty')} />}
      {total > ROSTER_MONTH_PAGE_MAX && (
        <Flex justify="flex-end" gap="3" px="4" py="3" borderTopWidth="1px" borderColor="border.muted">
          <Text fontSize="sm" color="fg.muted" alignSelf="center">
            {t('roster.pageInfo', { from: start + 1, to: Math.min(total, start + rows.length), total })}
          </Text>
          <Button size="sm" minH="11" variant="outline" disabled={start === 0} onClick={() => setStart(Math.max(0, start - ROSTER_MONTH_PAGE_MAX))}>
            <LuChevronLeft /> {t('roster.prev')}
          </Button>
          <Button
            size="sm"
            minH="11"
            variant="outline"
            disabled={start + ROSTER_MONTH_PAGE_MAX >= total}
            onClick={() => setStart(start + ROSTER_MONTH_PAGE_MAX)}
          >
            {t('roster.next')} <LuChevronRight />
          </Button>
        </Flex>
      )}
    </Box>
  );
}
