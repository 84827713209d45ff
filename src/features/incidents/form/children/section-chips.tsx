/**
 * Bahagian Lebuhraya (§2.9–2.14, §3.6): a multi-select of the roadway's parts as chips in their colours
 * (highwaysectionid/get). Saved sections keep their bahagianLebuhrayaId; unchoosing one records it for deletion
 * (§4.7). While the list loads or when it fails, the chosen sections still show (they carry their label and colour).
 */
import { useMemo } from 'react';
import { Box, Button, Flex, Skeleton, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { useHighwaySections } from '../children-lookups';
import { toggleSection } from '../children-rules';
import type { ListEditorProps } from './types';
import { useLookupLabel } from '@/lib/lookups';

const LIST = 'roadLaneSelection';

/** A colour the chip can be filled with ('#1e88e5', 'red.500'); unknown texts fall back to the brand colour. */
const chipColor = (c: string | null | undefined) => (c?.trim() ? c.trim() : 'brand.600');

export function SectionChips({ value, onChange, disabled }: ListEditorProps) {
  const t = useT();
  const q = useHighwaySections();
  // the sections are roadLanes items: their names in the page's language (issue #31)
  const laneLabel = useLookupLabel('roadLanes');
  const chosen = value.sections;
  const chips = useMemo(() => {
    const all = (q.data ?? []).map((s) => ({ key: s.key, value: s.value, color: s.color }));
    // chosen sections the list does not (yet) hold still show
    for (const s of chosen) if (!all.some((a) => a.key === s.key)) all.push({ key: s.key, value: s.value, color: s.color });
    return disabled ? all.filter((a) => chosen.some((s) => s.key === a.key)) : all;
  }, [q.data, chosen, disabled]);

  return (
    <Box data-testid={`child-${LIST}`} borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" p={{ base: '3', md: '4' }}>
      <Text fontSize="sm" fontWeight="semibold" color="fg" mb="1">
        {t('children.section.title')}
      </Text>
      {!disabled && (
        <Text fontSize="xs" color="fg.muted" mb="3">
          {t('children.section.hint')}
        </Text>
      )}
      {q.isPending && !disabled && chips.length === 0 ? (
        <Flex gap="2" wrap="wrap" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="11" w="28" rounded="full" />
          ))}
        </Flex>
      ) : chips.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid={`child-empty-${LIST}`}>
          {q.isError && !disabled ? t('children.listFailed') : t('children.section.empty')}
        </Text>
      ) : (
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('children.section.title')}>
          {chips.map((c) => {
            const selected = chosen.some((s) => s.key === c.key);
            const color = chipColor(c.color);
            return (
              <Button
                key={c.key}
                type="button"
                size="sm"
                minH="11"
                rounded="full"
                variant="outline"
                borderWidth="2px"
                borderColor={color}
                bg={selected ? color : 'bg.panel'}
                color={selected ? 'white' : 'fg'}
                _hover={disabled ? undefined : { opacity: 0.85 }}
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onChange(toggleSection(value, c))}
                data-testid="child-section-chip"
                data-key={c.key}
                data-selected={selected ? 'true' : 'false'}
              >
                {selected ? <LuCheck /> : <Box as="span" w="2.5" h="2.5" rounded="full" bg={color} display="inline-block" />}
                {laneLabel(c.key, c.value)}
              </Button>
            );
          })}
        </Flex>
      )}
      {q.isError && !disabled && chips.length > 0 && (
        <Text fontSize="xs" color="orange.fg" mt="2">
          {t('children.listFailed')}
        </Text>
      )}
    </Box>
  );
}
