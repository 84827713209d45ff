/**
 * /reportingmodule — Modul Laporan, the reports hub (issue #17 item 7; §2.1): a card for every report of the Laporan
 * menu group the caller may open (menuFor, as the side menu filters it) plus Laporan Rondaan, each opening with the
 * hub's period and scope; the KPI overview of that period (the report kit's scope filter, last 30 days by default):
 * the incident KPIs (cases, response median, RCT, ICT, secondary crashes), the DLU, vehicle and ronda totals and the
 * other-assistance total, each against the previous period with its data completeness and a link to its report —
 * only what the caller may read (an OTHERS user: the Jenis Bantuan card and the assistance total, nothing that would
 * answer 403); and the sections in scope, each opening its one-page report /laporanseksyen/{id}.
 * No charts here (the hub's first paint stays light); the figures are the servers' answers.
 */
import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import {
  LuArrowRight,
  LuCalendarX2,
  LuCar,
  LuChevronRight,
  LuClipboardCheck,
  LuFileText,
  LuLifeBuoy,
  LuListChecks,
  LuMapPinned,
  LuRepeat,
  LuRoute,
  LuSiren,
  LuTimer,
} from 'react-icons/lu';
import type { MenuItem } from '@contract/menu';
import { previousPeriod } from '@contract/reports-rules';
import type { Section } from '@contract/sections';
import { label, useLanguage, useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/reports';
import '@/lib/i18n/parts/report-hub';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { ReportBlock, ReportFilterBar, ReportPage } from '@/ui/report/report-kit';
import { reportFilterOf, reportRange, type ReportScopeSearch } from '@/ui/report/report-search';
import { EmptyBlock } from '@/ui/states';
import { useRouteExists } from '@/ui/use-route-exists';
import { useHubLooping, useHubMainline, useHubVehicles } from './hub-api';
import { HubFigures, type HubFigure } from './hub-figures';
import { hubAccess, hubReports, reportLinkSearch, sectionLinkSearch, sectionsByRegion } from './hub-model';
import { useAssistance, useIncidentKpi } from './reports-api';

/** Each report card's icon and its one line on what the report shows (by menu key). */
const CARDS: Record<string, { icon: IconType; description: TextKey }> = {
  reportEndOfDuty: { icon: LuClipboardCheck, description: 'rp.hub.card.reportEndOfDuty' },
  reportIncident: { icon: LuSiren, description: 'rp.hub.card.reportIncident' },
  reportMainline: { icon: LuRoute, description: 'rp.hub.card.reportMainline' },
  reportWorkDuration: { icon: LuTimer, description: 'rp.hub.card.reportWorkDuration' },
  reportVehicleUsage: { icon: LuCar, description: 'rp.hub.card.reportVehicleUsage' },
  reportLooping: { icon: LuRepeat, description: 'rp.hub.card.reportLooping' },
  reportOtherAssistance: { icon: LuLifeBuoy, description: 'rp.hub.card.reportOtherAssistance' },
  reportChecklist: { icon: LuListChecks, description: 'rp.hub.card.reportChecklist' },
};

/** Figures of one or more queries: loading until each has answered, the first failure (with a retry of all). */
type Q = { isPending: boolean; isError: boolean; error: unknown; data?: unknown; refetch: () => unknown };
function blockState(queries: Q[]) {
  const failed = queries.filter((q) => q.isError && q.data === undefined);
  return {
    loading: queries.some((q) => q.isPending),
    error: failed[0]?.error,
    retry: () => failed.forEach((q) => void q.refetch()),
  };
}

export function HubScreen({ search, onSearchChange }: { search: ReportScopeSearch; onSearchChange: (s: ReportScopeSearch) => void }) {
  const t = useT();
  const lang = useLanguage();
  const user = useSession()?.user;
  const role = userRole(user).name;
  const scopeRegion = regionScopeOf(user);
  const exists = useRouteExists();
  const today = todayIso();
  const access = hubAccess(role);
  const reports = hubReports(role);
  const range = reportRange(search, today);
  const filter = reportFilterOf(search, scopeRegion, today);
  const prev = previousPeriod(range.from, range.to);

  const kpi = useIncidentKpi(access.incident ? filter : null);
  const mainline = useHubMainline(filter, access.operations);
  const vehicles = useHubVehicles(filter, access.operations);
  const looping = useHubLooping(filter, access.operations);
  const assistance = useAssistance('type', filter, access.assistance);

  /** the link of a figure or card: its report with the hub's period and scope (null while its screen is not there) */
  const linkOf = (key: string) => {
    const item = reports.find((r) => r.key === key);
    if (!item || !exists(item.path)) return null;
    return { to: item.path, search: reportLinkSearch(item.path, search, today), label: label(item.labelKey, lang) };
  };

  // ---- incident KPIs (IncidentAndResponseTimeReport/kpi)
  const k = kpi.data;
  const response = k?.steps.find((s) => s.key === 'response');
  const tim = (key: string) => k?.tim.find((f) => f.key === key);
  const incidentLink = linkOf('reportIncident');
  const incidentFigures: HubFigure[] = [
    {
      key: 'cases',
      label: t('rp.hub.kpi.cases'),
      value: k?.cases ?? null,
      previous: k?.previousCases ?? null,
      unit: 'count',
      testId: 'report-hub-kpi-cases',
      link: incidentLink,
    },
    {
      key: 'response',
      label: t('rp.hub.kpi.response'),
      value: response?.median ?? null,
      previous: response?.previousMedian ?? null,
      unit: 'min',
      completeness: response?.completeness ?? null,
      lowerIsBetter: true,
      testId: 'report-hub-kpi-response',
      link: incidentLink,
    },
    ...(['rct', 'ict'] as const).map(
      (key): HubFigure => ({
        key,
        label: t(key === 'rct' ? 'rp.hub.kpi.rct' : 'rp.hub.kpi.ict'),
        value: tim(key)?.value ?? null,
        previous: tim(key)?.previous ?? null,
        unit: 'min',
        completeness: tim(key)?.completeness ?? null,
        lowerIsBetter: true,
        testId: `report-hub-kpi-${key}`,
        link: incidentLink,
      }),
    ),
    {
      key: 'secondary',
      label: t('rp.hub.kpi.secondary'),
      value: tim('secondary')?.value ?? null,
      previous: tim('secondary')?.previous ?? null,
      unit: 'count',
      lowerIsBetter: true,
      testId: 'report-hub-kpi-secondary',
      link: incidentLink,
    },
  ];

  // ---- DLU, vehicles, rondas, other assistance
  const dlu = mainline.data;
  const veh = vehicles.data;
  const loop = looping.data;
  const operationFigures: HubFigure[] = [];
  if (access.operations) {
    operationFigures.push(
      {
        key: 'dlu',
        label: t('rp.hub.kpi.dlu'),
        value: dlu?.total.avgDluMinutes ?? null,
        previous: dlu?.previousTotal.avgDluMinutes ?? null,
        unit: 'min',
        completeness: dlu?.total.completeness ?? null,
        testId: 'report-hub-kpi-dlu',
        link: linkOf('reportMainline'),
      },
      {
        key: 'km',
        label: t('rp.hub.kpi.km'),
        value: veh?.total.km ?? null,
        previous: veh?.previousTotal.km ?? null,
        unit: 'km',
        // rosters with a distance (a complete checklist or a GPS track) of the rosters with a vehicle (issue #31)
        completeness: veh?.total.distanceCompleteness ?? null,
        testId: 'report-hub-kpi-km',
        link: linkOf('reportVehicleUsage'),
      },
      {
        key: 'rondas',
        label: t('rp.hub.kpi.rondas'),
        value: loop?.total.completed ?? null,
        previous: loop?.previousTotal.completed ?? null,
        unit: 'count',
        plan: loop && loop.total.planned > 0 ? { label: t('rp.hub.kpi.plan'), have: loop.total.achieved, of: loop.total.planned } : null,
        testId: 'report-hub-kpi-rondas',
        link: linkOf('reportLooping'),
      },
    );
  }
  if (access.assistance) {
    operationFigures.push({
      key: 'assistance',
      label: t('rp.hub.kpi.assistance'),
      value: assistance.data?.total ?? null,
      previous: assistance.data?.previousTotal ?? null,
      unit: 'count',
      testId: 'report-hub-kpi-assistance',
      link: linkOf('reportOtherAssistance'),
    });
  }
  const incidentState = blockState([kpi]);
  const operationState = blockState([...(access.operations ? [mainline, vehicles, looping] : []), ...(access.assistance ? [assistance] : [])]);

  return (
    <ReportPage
      title={t('rp.hub.title')}
      description={t('rp.hub.description')}
      testId="report-hub"
      filters={<ReportFilterBar search={search} onChange={onSearchChange} testIdPrefix="report-hub" />}
    >
      <HubSection title={t('rp.hub.reports')} hint={t('rp.hub.reportsHint')} testId="report-hub-cards">
        {reports.length === 0 ? (
          <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg">
            <EmptyBlock title={t('rp.hub.noReports')} icon={<LuFileText />} />
          </Box>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3, '2xl': 4 }} gap="3">
            {reports.map((item) => (
              <ReportCard key={item.key} item={item} text={label(item.labelKey, lang)} link={linkOf(item.key)} />
            ))}
          </SimpleGrid>
        )}
      </HubSection>

      {(access.incident || access.assistance) && (
        <HubSection
          title={t('rp.hub.kpi.title')}
          hint={
            filter
              ? t('rp.hub.kpi.period', {
                  from: isoDateToDisplay(range.from),
                  to: isoDateToDisplay(range.to),
                  prevFrom: isoDateToDisplay(prev.from),
                  prevTo: isoDateToDisplay(prev.to),
                })
              : undefined
          }
          testId="report-hub-kpi"
        >
          {!filter ? (
            <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" data-testid="report-hub-kpi-range-invalid">
              <EmptyBlock title={t('rp.hub.rangeInvalid')} icon={<LuCalendarX2 />} />
            </Box>
          ) : (
            <Flex direction="column" gap="4">
              {access.incident && (
                <ReportBlock
                  title={t('rp.hub.kpi.incident')}
                  loading={incidentState.loading}
                  error={incidentState.error}
                  onRetry={incidentState.retry}
                  testId="report-hub-kpi-incident"
                  actions={
                    incidentLink && (
                      <Button asChild variant="ghost" size="xs" minH="8" color="brand.fg" data-testid="report-hub-kpi-incident-open">
                        <RouterLink to={incidentLink.to} search={incidentLink.search}>
                          {incidentLink.label} <LuArrowRight />
                        </RouterLink>
                      </Button>
                    )
                  }
                >
                  <HubFigures items={incidentFigures} columns={5} testId="report-hub-kpi-incident-figures" linkLabels={false} />
                </ReportBlock>
              )}
              {operationFigures.length > 0 && (
                <ReportBlock
                  title={access.operations ? t('rp.hub.kpi.operations') : t('rp.hub.kpi.assistanceOnly')}
                  loading={operationState.loading}
                  error={operationState.error}
                  onRetry={operationState.retry}
                  testId="report-hub-kpi-operations"
                >
                  <HubFigures items={operationFigures} columns={access.operations ? 4 : 3} testId="report-hub-kpi-operations-figures" />
                </ReportBlock>
              )}
            </Flex>
          )}
        </HubSection>
      )}

      {access.sections && <SectionList search={search} scopeRegion={scopeRegion} today={today} />}
    </ReportPage>
  );
}

/** A part of the hub: a heading, a line under it, its content. */
function HubSection({ title, hint, testId, children }: { title: string; hint?: string; testId: string; children: ReactNode }) {
  return (
    <Box as="section" data-testid={testId}>
      <Flex align="baseline" gap="3" wrap="wrap" mb="2.5">
        <Heading as="h2" size="md" color="brand.ink">
          {title}
        </Heading>
        {hint && (
          <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-hint`}>
            {hint}
          </Text>
        )}
      </Flex>
      {children}
    </Box>
  );
}

/** One report: its icon, name and one line on what it shows; a link with the hub's period (disabled while its screen is to come). */
function ReportCard({ item, text, link }: { item: MenuItem; text: string; link: { to: string; search: Record<string, string | number> } | null }) {
  const t = useT();
  const card = CARDS[item.key];
  const Icon = card?.icon ?? LuFileText;
  const body = (
    <Flex gap="3" align="flex-start" h="full">
      <Flex
        w="10"
        h="10"
        rounded="lg"
        bg={link ? 'brand.subtle' : 'bg.muted'}
        color={link ? 'brand.fg' : 'fg.muted'}
        align="center"
        justify="center"
        flexShrink={0}
        fontSize="xl"
      >
        <Icon />
      </Flex>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" color={link ? 'brand.ink' : 'fg.muted'} lineHeight="1.3">
          {text}
          {!link && (
            <Badge size="xs" variant="outline" colorPalette="gray" ms="1.5" verticalAlign="1px">
              {t('menu.comingSoon')}
            </Badge>
          )}
        </Text>
        {card && (
          <Text fontSize="sm" color="fg.muted" mt="1" lineHeight="1.4" data-testid={`report-hub-card-${item.key}-description`}>
            {t(card.description)}
          </Text>
        )}
      </Box>
      {link && (
        <Box color="brand.fg" fontSize="md" mt="0.5" flexShrink={0} className="hub-card-arrow" transition="transform 0.15s">
          <LuChevronRight />
        </Box>
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
    'data-testid': `report-hub-card-${item.key}`,
    'data-available': link ? 'true' : 'false',
  } as const;
  if (!link) {
    return (
      <Box {...frame} aria-disabled="true" bg="bg.subtle">
        {body}
      </Box>
    );
  }
  return (
    <Box
      {...frame}
      asChild
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.300', boxShadow: 'sm', '& .hub-card-arrow': { transform: 'translateX(2px)' } }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <RouterLink to={link.to} search={link.search}>
        {body}
      </RouterLink>
    </Box>
  );
}

/** The sections in scope (the filter's region and section), by region, each opening its one-page report. */
function SectionList({ search, scopeRegion, today }: { search: ReportScopeSearch; scopeRegion: number | undefined; today: string }) {
  const t = useT();
  const sections = useListedSections(scopeRegion ?? search.region);
  const shown = (sections.data ?? []).filter((s) => !search.section || s.pkSectionId === search.section);
  const groups = sectionsByRegion(shown);
  const period = sectionLinkSearch(search, today);
  return (
    <HubSection title={t('rp.hub.sections.title')} hint={t('rp.hub.sections.hint')} testId="report-hub-sections">
      <ReportBlock
        title={t('rp.hub.sections.count', { n: shown.length })}
        query={sections}
        empty={!!sections.data && shown.length === 0}
        emptyText={t('rp.hub.sections.empty')}
        testId="report-hub-sections-block"
      >
        <Flex direction="column" gap="4">
          {groups.map((g) => (
            <Box key={g.regionId} data-testid={`report-hub-sections-region-${g.regionId}`}>
              {groups.length > 1 && (
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em" mb="2">
                  {g.regionName}
                </Text>
              )}
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="2">
                {g.sections.map((s) => (
                  <SectionLink key={s.pkSectionId} section={s} period={period} />
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Flex>
      </ReportBlock>
    </HubSection>
  );
}

function SectionLink({ section, period }: { section: Section; period: { from: string; to: string } }) {
  return (
    <Box
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      minH="12"
      py="2"
      rounded="md"
      borderWidth="1px"
      borderColor="border"
      _hover={{ bg: 'bg.subtle', borderColor: 'brand.300' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
      data-testid={`report-hub-section-link-${section.pkSectionId}`}
    >
      <RouterLink to="/laporanseksyen/$sectionId" params={{ sectionId: String(section.pkSectionId) }} search={period}>
        <Box color="brand.fg" flexShrink={0} display="inline-flex">
          <LuMapPinned />
        </Box>
        <Badge colorPalette="brand" variant="solid" size="sm" flexShrink={0}>
          {section.sectionName}
        </Badge>
        <Text fontSize="sm" color="fg.default" flex="1" minW="0" lineClamp={2}>
          {section.description}
        </Text>
        <Box color="fg.muted" flexShrink={0} display="inline-flex">
          <LuChevronRight />
        </Box>
      </RouterLink>
    </Box>
  );
}
