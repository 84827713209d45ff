import { Skeleton, Table } from '@chakra-ui/react';

/** Rows of grey bars while a table's first page loads (inside a <Table.Body>). */
export function TableSkeletonRows({ rows = 6, cols }: { rows?: number; cols: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed number of identical rows, never reordered
    <Table.Row key={i}>
      {Array.from({ length: cols }, (__, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed number of identical cells, never reordered
        <Table.Cell key={j} py="3">
          <Skeleton h="4" />
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}
