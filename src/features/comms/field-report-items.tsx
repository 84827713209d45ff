/**
 * The bell's field reports (issue #30 item 2): the region's reports waiting for the TMC (the dashboard's "Laporan
 * peronda" panel reads the same query, src/lib/field-reports.ts), each a link to that panel. Nothing for those who
 * do not decide them, nor when none waits.
 */
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { LuMegaphone } from 'react-icons/lu';
import { FIELD_REPORT_PANEL_ANCHOR, usePendingFieldReports } from '@/lib/field-reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { kmLabel } from '@/lib/incident-list';
import { formatTime } from '@/lib/time';

/** Scrolls to the panel once the dashboard has drawn it (it loads on demand). */
function scrollToPanel(tries = 30) {
  const el = document.getElementById(FIELD_REPORT_PANEL_ANCHOR);
  if (el) el.scrollIntoView({ block: 'start', behavior: 'smooth' });
  else if (tries > 0) setTimeout(() => scrollToPanel(tries - 1), 100);
}

export function FieldReportItems({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const q = usePendingFieldReports();
  const rows = (q.data ?? []).filter((r) => r.status === 'PENDING');
  if (rows.length === 0) return null;
  const open = () => {
    onNavigate();
    void navigate({ to: '/' }).then(() => scrollToPanel());
  };
  return (
    <Box borderBottomWidth="1px" borderColor="border" data-testid="fr-bell">
      <Flex align="center" gap="2" px="4" pt="3" pb="1" color="red.fg">
        <LuMegaphone aria-hidden />
        <Text fontSize="sm" fontWeight="semibold" flex="1">
          {t('fieldReport.panelTitle')}
        </Text>
        <Badge colorPalette="red" variant="subtle" size="sm" data-testid="fr-bell-count">
          {rows.length}
        </Badge>
      </Flex>
      {rows.slice(0, 5).map((r) => (
        <Box
          key={r.pkFieldReportId}
          as="button"
          w="full"
          textAlign="left"
          px="4"
          py="2"
          minH="12"
          _hover={{ bg: 'bg.subtle' }}
          onClick={open}
          data-testid="fr-bell-item"
          data-report-id={r.pkFieldReportId}
        >
          <Text fontSize="sm" fontWeight="semibold" truncate>
            {r.incidentCategoryName} · {r.sectionName} {kmLabel(r.kilometerMarker)}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {r.dutyRoster.dutyRosterName} · {formatTime(r.reportedAt)}
          </Text>
        </Box>
      ))}
      <Box
        as="button"
        w="full"
        textAlign="left"
        px="4"
        py="2"
        minH="11"
        fontSize="sm"
        color="brand.fg"
        textDecoration="underline"
        onClick={open}
        data-testid="fr-bell-link"
      >
        {t('fieldReport.bellLink')}
      </Box>
    </Box>
  );
}
