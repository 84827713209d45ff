/**
 * A recorded phase of the checklist, read-only (issue #16): the odometer and cards, then every item by asset
 * category with its quantity, status and photos (the server's, or those still on the device).
 */
import { Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import { Panel } from '@/ui/panel';
import { LocalPhoto, ServerPhoto } from './checklist-photos';
import { StatusBadge } from './checklist-item-card';
import { groupByCategory, type RecordedItem, type RecordedPhase } from './checklist-rules';
import type { ChecklistPhase } from '@contract/checklist-rules';

export function RecordedPhaseView({ phase, recorded, header }: { phase: ChecklistPhase; recorded: RecordedPhase; header?: React.ReactNode }) {
  const t = useT();
  const groups = groupByCategory(recorded.items.map((i) => ({ ...i, categoryId: i.spec.categoryId, categoryName: i.spec.categoryName })));
  const cells: [string, string, string][] = [
    [t('cl.odometer'), recorded.odometer === null ? '—' : String(recorded.odometer), 'odometer'],
    ...(phase === 'PRE'
      ? ([
          [t('cl.noKadTng'), recorded.noKadTng ?? '—', 'tng'],
          [t('cl.noKadBahanApi'), recorded.noKadBahanApi ?? '—', 'fuel'],
        ] as [string, string, string][])
      : []),
  ];
  return (
    <Stack gap="4" data-testid={`cl-recorded-${phase}`}>
      {header}
      <Panel heading={t('cl.readings')}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" p="4">
          {cells.map(([label, value, key]) => (
            <Box key={key}>
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em">
                {label}
              </Text>
              <Text fontSize="xl" fontWeight="bold" fontFamily="mono" data-testid={`cl-recorded-${phase}-${key}`}>
                {value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Panel>
      {groups.map((g) => (
        <Panel key={g.categoryId} heading={g.categoryName ?? t('cl.uncategorised')}>
          <Stack gap="0">
            {g.items.map((i) => (
              <RecordedRow key={i.spec.masterId} phase={phase} item={i} />
            ))}
          </Stack>
        </Panel>
      ))}
    </Stack>
  );
}

function RecordedRow({ phase, item }: { phase: ChecklistPhase; item: RecordedItem }) {
  const t = useT();
  const id = item.spec.masterId;
  return (
    <Flex
      px="4"
      py="2.5"
      gap="3"
      align="center"
      wrap="wrap"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
      bg={item.status === 'DAMAGED' ? 'red.subtle' : item.status === 'SHORT' ? 'orange.subtle' : undefined}
      data-testid={`cl-recorded-item-${id}`}
      data-status={item.status ?? ''}
      data-phase={phase}
    >
      <Box flex="1 1 200px" minW="0">
        <Text fontWeight="medium">{item.spec.name}</Text>
        <Text fontSize="xs" color="fg.muted">
          {t('cl.expected', { n: item.spec.expected, unit: item.spec.unitLabel })}
        </Text>
      </Box>
      <Text fontSize="lg" fontWeight="bold" fontVariantNumeric="tabular-nums" minW="16" textAlign="end" data-testid={`cl-recorded-item-${id}-qty`}>
        {item.quantity === null
          ? '—'
          : item.spec.isMeasurable
            ? `${item.quantity} / ${item.spec.expected}`
            : item.quantity
              ? t('cl.present')
              : t('cl.absent')}
      </Text>
      <StatusBadge status={item.status} />
      <HStack gap="1" minW="14">
        {item.photoIds.map((p) => (
          <ServerPhoto key={p} photoId={p} alt={item.spec.name} testId={`cl-recorded-item-${id}-photo`} />
        ))}
        {item.localPhoto && <LocalPhoto blob={item.localPhoto} alt={item.spec.name} testId={`cl-recorded-item-${id}-photo-local`} />}
      </HStack>
    </Flex>
  );
}
