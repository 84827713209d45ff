import { Skeleton, Table } from '@chakra-ui/react';

/** Rows of grey bars while a table's first page loads (inside a <Table.Body>). */
export function TableSkeletonRows({ rows = 6, cols }: { rows?: number; cols: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Row key={i}>
      {Array.from({ length: cols }, (__, j) => (
        <Table.Cell key={j} py="3">
          <Skeleton h="4" />
        </Table.Cell>
      ))}
    </Table.Row>
  ));
}
