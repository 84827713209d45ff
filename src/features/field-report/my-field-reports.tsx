/**
 * Syif saya's field reports (issue #30 item 2): the "Lapor kejadian" button (one tap opens the form) and "Laporan
 * saya": the patrol's reports from the server (the device's copy offline) and those still in the outbox (not sent
 * yet), each with its outcome: Menunggu, Diterima: kes <ticket> (opens the case), Ditolak: <reason>. Composed into
 * Syif saya by its route (features do not import each other).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuChevronRight, LuCloudOff, LuImage, LuMegaphone } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { errorText } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { kmLabel } from '@/lib/incident-list';
import { useLookup } from '@/lib/lookups';
import { useListedSections } from '@/lib/sections';
import { useSession } from '@/lib/session';
import { formatDateTimeShort } from '@/lib/time';
import { useMyFieldReports, useQueuedFieldReports, useSectionMarkers } from './field-report-api';
import { myReports, type MyReport, type ReportOutcome } from './field-report-rules';

/**
 * The report's form (its fields, the photo picker, the dialog) is not on the landing's first load: it is fetched when
 * the browser is idle after the screen's first paint (and precached by the service worker for offline use), and
 * rendered from the first tap on.
 */
const loadReportForm = () => import('./report-form-dialog');
const ReportFormDialog = lazy(async () => ({ default: (await loadReportForm()).ReportFormDialog }));
import { whenIdleAfterPaint } from '@/lib/idle';

type Roster = WebUser['rosters'][number];

const PALETTE: Record<ReportOutcome['kind'], string> = {
  unsent: 'orange',
  refusedBySync: 'red',
  pending: 'blue',
  accepted: 'green',
  rejected: 'red',
};

export function FieldReportButton({ roster }: { roster: Roster }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // mounted from the first opening on (so that closing it plays its exit)
  const [opened, setOpened] = useState(false);
  // the roster's section's markers on the device while the line is there: the form finds the KM offline too
  useSectionMarkers(roster.sectionId ?? null);
  useEffect(() => whenIdleAfterPaint(() => void loadReportForm().catch(() => {})), []);
  return (
    <>
      <Button
        size="xl"
        minH="16"
        w="full"
        colorPalette="red"
        fontSize="lg"
        whiteSpace="normal"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="fr-open"
      >
        <LuMegaphone aria-hidden /> {t('fieldReport.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReportFormDialog open={open} roster={roster} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function MyFieldReports({ onOpenCase }: { onOpenCase: (incidentId: number) => void }) {
  const t = useT();
  const q = useMyFieldReports();
  const queued = useQueuedFieldReports();
  const categoryList = useLookup('incidentCategory');
  const directionList = useLookup('cardinalDirection');
  const sectionList = useListedSections(useSession()?.user.section.region.key);
  const categories = categoryList.data;
  const directions = directionList.data;
  const sections = sectionList.data;
  const rows = queued === undefined ? null : myReports(q.data?.data, queued);
  // the rows are drawn once the names they show have answered (or failed), not once per answer: each drawing of the
  // list was a long task on a tablet's CPU, four in a row while Syif saya loaded
  const namesPending = categoryList.isPending || directionList.isPending || sectionList.isPending;

  return (
    <div className="mfr-mine" data-testid="fr-mine">
      <div className="mfr-mine-head">
        <h2 className="mfr-mine-title">{t('fieldReport.mine')}</h2>
        {q.data?.cachedAt && (
          <p className="u-xs u-muted" data-testid="fr-mine-cached">
            {t('fieldReport.cached', { time: formatDateTimeShort(q.data.cachedAt) })}
          </p>
        )}
      </div>
      <div className="mfr-mine-rows">
        {rows === null || namesPending || (q.isPending && rows.length === 0) ? (
          <p className="u-sm u-muted" data-testid="fr-mine-loading">
            {t('fieldReport.loading')}
          </p>
        ) : rows.length === 0 ? (
          <p className="u-sm u-muted" data-testid="fr-mine-empty">
            {q.isError ? `${t('fieldReport.loadFailed')} ${errorText(q.error)}` : t('fieldReport.mineEmpty')}
          </p>
        ) : (
          rows.map((r) => (
            <ReportRow
              key={r.key}
              r={r.sectionName || !sections ? r : { ...r, sectionName: sections.find((s) => s.pkSectionId === r.sectionId)?.sectionName ?? null }}
              categoryName={categories?.find((c) => c.key === r.categoryId)?.value ?? r.categoryName ?? `#${r.categoryId}`}
              directionName={directions?.find((d) => d.key === r.directionId)?.value ?? r.directionName ?? ''}
              onOpenCase={onOpenCase}
            />
          ))
        )}
        {rows && rows.length > 0 && q.isError && !q.data && <p className="u-xs u-muted">{t('fieldReport.loadFailed')}</p>}
      </div>
    </div>
  );
}

function ReportRow({
  r,
  categoryName,
  directionName,
  onOpenCase,
}: {
  r: MyReport;
  categoryName: string;
  directionName: string;
  onOpenCase: (incidentId: number) => void;
}) {
  const t = useT();
  const o = r.outcome;
  const opens = o.kind === 'accepted' && o.incidentId !== null;
  const body = (
    <span className="mfr-row-body">
      <span className="mfr-row-main">
        <span className="mfr-row-top">
          <span className="mfr-row-category">{categoryName}</span>
          <span className="u-badge" data-size="md" data-wrap="" data-palette={PALETTE[o.kind]} data-testid="fr-mine-outcome">
            {o.kind === 'unsent' && <LuCloudOff aria-hidden />}
            {outcomeText(o, t)}
          </span>
          {r.hasPhoto && (
            <span className="mfr-row-icon" title={t('fieldReport.withPhoto')}>
              <LuImage aria-label={t('fieldReport.withPhoto')} />
            </span>
          )}
        </span>
        <span className="u-block u-sm u-muted u-break">
          {[r.sectionName, kmLabel(r.km), directionName, r.reportedAt ? formatDateTimeShort(r.reportedAt) : null].filter(Boolean).join(' · ')}
        </span>
        {r.note && (
          <span className="mfr-row-note" title={r.note}>
            {r.note}
          </span>
        )}
      </span>
      {opens && (
        <span className="u-chevron" aria-hidden>
          <LuChevronRight />
        </span>
      )}
    </span>
  );
  if (opens)
    return (
      <button
        type="button"
        className="u-tap-row"
        data-testid="fr-mine-row"
        data-outcome={o.kind}
        onClick={() => onOpenCase(o.incidentId!)}
        // named by what it shows (the outcome with the case's number: axe label-content-name-mismatch); the hint on hover
        title={t('fieldReport.openCase', { ticket: o.ticket ?? '' })}
      >
        {body}
      </button>
    );
  return (
    <div className="u-tap-row" data-testid="fr-mine-row" data-outcome={o.kind}>
      {body}
    </div>
  );
}

function outcomeText(o: ReportOutcome, t: ReturnType<typeof useT>): string {
  switch (o.kind) {
    case 'unsent':
      return t('fieldReport.outcome.unsent');
    case 'refusedBySync':
      return o.message ? t('fieldReport.outcome.refusedWhy', { message: serverText(o.message) }) : t('fieldReport.outcome.refused');
    case 'pending':
      return t('fieldReport.outcome.pending');
    case 'accepted':
      return t('fieldReport.outcome.accepted', { ticket: o.ticket ?? '' });
    case 'rejected':
      return o.reason ? t('fieldReport.outcome.rejectedWhy', { reason: o.reason }) : t('fieldReport.outcome.rejected');
  }
}
