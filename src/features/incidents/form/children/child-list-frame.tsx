/**
 * The frame every child-list editor shares (issue #5): a titled block `child-<list>` with its add button
 * `child-add-<list>`, an optional control beside the title (an N/A checkbox, §4.5), the rows, or the empty hint
 * `child-empty-<list>`. Disabled: no add, edit or delete buttons; the rows stay readable.
 */
import type { ReactNode } from 'react';
import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';

export function ChildListFrame({
  list,
  title,
  onAdd,
  canAdd,
  disabled,
  count,
  emptyHint,
  headerExtra,
  note,
  children,
}: {
  /** the contract list name (or requestFurtherActionList-OTHER / -EXISTING): the test ids' suffix */
  list: string;
  title: string;
  onAdd?: () => void;
  canAdd: boolean;
  disabled: boolean;
  count: number;
  emptyHint: string;
  /** beside the title: an N/A checkbox */
  headerExtra?: ReactNode;
  /** a line under the title (why adding is off, a load failure) */
  note?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Box data-testid={`child-${list}`} borderWidth="1px" borderColor="gray.200" rounded="lg" bg="white" p={{ base: '3', md: '4' }}>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb={count > 0 || note ? '3' : '2'}>
        <Text fontSize="sm" fontWeight="semibold" color="gray.700">
          {title}
          {count > 0 && (
            <Text as="span" color="fg.muted" fontWeight="normal" ms="1">
              ({count})
            </Text>
          )}
        </Text>
        <Flex align="center" gap="2" wrap="wrap">
          {headerExtra}
          {!disabled && onAdd && (
            <Button size="sm" minH="11" variant="outline" colorPalette="brand" onClick={onAdd} disabled={!canAdd} data-testid={`child-add-${list}`}>
              <LuPlus /> {t('children.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {note && <Box mb="2">{note}</Box>}
      {count === 0 ? (
        <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid={`child-empty-${list}`}>
          {emptyHint}
        </Text>
      ) : (
        <Stack gap="2">{children}</Stack>
      )}
    </Box>
  );
}

/** One row: its content, an optional status text (`child-row-status`), and edit/delete unless disabled. */
export function ChildRow({
  list,
  uid,
  children,
  status,
  statusTitle,
  onEdit,
  onDelete,
  disabled,
}: {
  list: string;
  uid: string;
  children: ReactNode;
  status?: ReactNode;
  statusTitle?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <Flex
      data-testid={`child-row-${list}`}
      data-uid={uid}
      align={{ base: 'flex-start', sm: 'center' }}
      gap="2"
      ps="3"
      pe={disabled ? '3' : '1'}
      py="2"
      rounded="md"
      borderWidth="1px"
      borderColor="gray.100"
      bg="gray.50"
    >
      <Flex
        flex="1"
        minW="0"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        gap={{ base: '1', sm: '3' }}
        py={{ base: '1', sm: '0' }}
      >
        <Box flex="1" minW="0" fontSize="sm">
          {children}
        </Box>
        {status !== undefined && (
          <Text fontSize="sm" fontWeight="medium" color="brand.700" whiteSpace="nowrap" title={statusTitle} data-testid="child-row-status">
            {status}
          </Text>
        )}
      </Flex>
      {!disabled && (
        <Flex gap="0" flexShrink={0}>
          {onEdit && (
            <IconButton
              size="sm"
              minW="11"
              minH="11"
              variant="ghost"
              aria-label={t('children.edit')}
              title={t('children.edit')}
              onClick={onEdit}
              data-testid="child-edit"
            >
              <LuPencil />
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              size="sm"
              minW="11"
              minH="11"
              variant="ghost"
              colorPalette="red"
              aria-label={t('children.delete')}
              title={t('children.delete')}
              onClick={onDelete}
              data-testid="child-delete"
            >
              <LuTrash2 />
            </IconButton>
          )}
        </Flex>
      )}
    </Flex>
  );
}

/** A label and its value in a row. */
export function RowPart({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Text as="span" display="inline-block" me="4">
      {label && (
        <Text as="span" color="fg.muted" me="1">
          {label}:
        </Text>
      )}
      {children}
    </Text>
  );
}
