/**
 * The reports hub's headline figures (issue #17 item 7): the report kit's headline card (value, previous period,
 * change, data completeness) made a link to the report the figure comes from, opened with the hub's period and
 * scope. The test ids are HeadlineFigures' (`${testId}`, `-value`, `-previous`, `-change`, `-completeness`), the card
 * itself being the link (`href`); a figure of a plan achieved adds `-plan`.
 */
import { Box, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowRight } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { HeadlineFigureTop, ShareBar, type Headline } from '@/ui/report/report-kit';
import { FigureHelp, useFigureHelp } from '@/ui/report/figure-help';
import type { ReportLinkSearch } from './hub-model';

export interface HubFigure extends Omit<Headline, 'onShowMissing'> {
  /** the report it opens (a path of the side menu) and with which search; null: the report's screen is not there yet */
  link: { to: string; search: ReportLinkSearch; label: string } | null;
  /** a share that is not data completeness (rondas completed against the plan) */
  plan?: { label: string; have: number; of: number } | null;
}

function HubFigureCard({ item, linkLabel }: { item: HubFigure; linkLabel: boolean }) {
  const t = useT();
  // the definition's button sits beside the card's link, never inside it (a button in a link is not operable)
  const help = item.help ? (
    <Box position="absolute" top="3.5" right="3" zIndex="1">
      <FigureHelp label={item.label} text={item.help} testId={`${item.testId}-help`} />
    </Box>
  ) : null;
  const body = (
    <Flex direction="column" h="full" pe={help ? '6' : undefined}>
      <HeadlineFigureTop item={{ ...item, help: undefined }} labelLines={3} />
      {item.completeness && (
        <ShareBar
          label={t('rp.kit.completeness')}
          have={item.completeness.have}
          of={item.completeness.of}
          testId={`${item.testId}-completeness`}
          warnBelow={80}
        />
      )}
      {item.plan && <ShareBar label={item.plan.label} have={item.plan.have} of={item.plan.of} testId={`${item.testId}-plan`} warnBelow={100} />}
      {item.link && linkLabel && (
        <Flex mt="auto" pt="3" align="center" gap="1" fontSize="xs" color="brand.fg" fontWeight="medium" className="hub-figure-link">
          <Text lineClamp={1}>{item.link.label}</Text>
          <LuArrowRight />
        </Flex>
      )}
    </Flex>
  );
  const frame = {
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'lg',
    p: '4',
    boxShadow: 'xs',
    h: 'full',
    display: 'block',
    'data-testid': item.testId,
    'data-key': item.key,
  } as const;
  if (!item.link)
    return (
      <Box position="relative" h="full">
        <Box {...frame}>{body}</Box>
        {help}
      </Box>
    );
  return (
    <Box position="relative" h="full">
      <Box
        {...frame}
        asChild
        transition="border-color 0.15s, box-shadow 0.15s"
        _hover={{ borderColor: 'brand.300', boxShadow: 'sm', '& .hub-figure-link': { textDecoration: 'underline' } }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      >
        <RouterLink to={item.link.to} search={item.link.search} title={t('rp.hub.kpi.opens', { report: item.link.label })}>
          {body}
        </RouterLink>
      </Box>
      {help}
    </Box>
  );
}

/**
 * A grid of the hub's figures; `columns` at the widest breakpoint (2 on phones, 3 on tablets). `linkLabels`: each card
 * names the report it opens (off when every card of the grid opens the same one, which its block's header names).
 */
export function HubFigures({
  items,
  columns,
  testId,
  linkLabels = true,
}: {
  items: HubFigure[];
  columns: number;
  testId: string;
  linkLabels?: boolean;
}) {
  const helpOf = useFigureHelp('hub');
  return (
    <SimpleGrid
      columns={{ base: 2, md: columns % 2 === 0 ? 2 : Math.min(3, columns), xl: columns }}
      gap="3"
      data-testid={testId}
      data-count={items.length}
    >
      {items.map((item) => (
        <HubFigureCard key={item.key} item={item.help ? item : { ...item, help: helpOf(item.key) }} linkLabel={linkLabels} />
      ))}
    </SimpleGrid>
  );
}
