/**
 * A table of periods (from, to, minutes): the end-of-duty report's GPS gaps and the mainline report's DLU/LLU
 * periods. In a TableScroll like every table (src/ui/table-scroll.tsx).
 */
import { Table } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { minutesText } from '@/lib/time';
import { TableScroll } from '@/ui/table-scroll';

export interface Period {
  from: string;
  to: string;
  minutes: number;
}

export function PeriodsTable({
  periods,
  headers,
  time,
  units,
  rowTestId,
}: {
  periods: readonly Period[];
  /** the column headers: from, to, minutes */
  headers: { from: string; to: string; minutes: string };
  /** how a period's ends are written */
  time: (iso: string) => string;
  units: { h: string; m: string };
  rowTestId: string;
}) {
  return (
    <TableScroll>
      <Table.Root recipe={tableSlotRecipe} size="sm">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader fontSize="xs" color="fg.muted">
              {headers.from}
            </Table.ColumnHeader>
            <Table.ColumnHeader fontSize="xs" color="fg.muted">
              {headers.to}
            </Table.ColumnHeader>
            <Table.ColumnHeader fontSize="xs" color="fg.muted" textAlign="end">
              {headers.minutes}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {periods.map((p) => (
            <Table.Row key={`${p.from}-${p.to}`} data-testid={rowTestId}>
              <Table.Cell fontVariantNumeric="tabular-nums">{time(p.from)}</Table.Cell>
              <Table.Cell fontVariantNumeric="tabular-nums">{time(p.to)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {minutesText(p.minutes, units)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
