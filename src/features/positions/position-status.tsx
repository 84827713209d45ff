/**
 * What the patrol sees of its live position (issue #7): a compact chip in the top bar ('GPS: dihantar 12 s lalu',
 * 'GPS: 25 kedudukan menunggu talian', 'GPS: kebenaran lokasi ditolak') and, while the browser has not been asked,
 * a banner explaining why the location is wanted with one 'Benarkan lokasi' button (asked once, never in a loop;
 * 'Nanti' hides it for this session, the chip still offers it).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { LuMapPin, LuMapPinOff } from 'react-icons/lu';
import { POSITION_INTERVAL_MS } from '@contract/map-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/positions';
import { useOnline } from '@/lib/use-online';
import type { WebUser } from '@contract/auth';
import { previewPositionPhase, requestGpsPermission, usePositionSnapshot, type PositionSnapshot } from './position-state';

export { previewPositionPhase };

const BANNER_DISMISSED_KEY = 'lebuhraya.gpsBannerLater';

function useSecondTick(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

type Tone = 'ok' | 'wait' | 'problem';

/** The chip's text and tone for a snapshot (pure: unit-tested). */
export function chipText(
  s: Pick<PositionSnapshot, 'phase' | 'pending' | 'lastSentAt' | 'refused'>,
  online: boolean,
  now: number,
  t: (key: Parameters<ReturnType<typeof useT>>[0], p?: Record<string, string | number>) => string,
): { text: string; tone: Tone } | null {
  switch (s.phase) {
    case 'off':
      return null;
    case 'permission':
      return { text: t('positions.chip.permission'), tone: 'problem' };
    case 'denied':
      return { text: t('positions.chip.denied'), tone: 'problem' };
    case 'waiting':
      return { text: t('positions.chip.waiting'), tone: 'wait' };
    case 'unavailable':
      return { text: t('positions.chip.unavailable'), tone: 'problem' };
  }
  if (s.refused && s.pending === 0) return { text: t('positions.chip.refused'), tone: 'problem' };
  if (s.pending > 0 && !online) return { text: t('positions.chip.queued', { n: s.pending }), tone: 'wait' };
  if (s.lastSentAt === null) return { text: t('positions.chip.sending'), tone: 'wait' };
  const secs = Math.max(0, Math.round((now - s.lastSentAt) / 1000));
  if (s.pending > 0 && secs > 60) return { text: t('positions.chip.queued', { n: s.pending }), tone: 'wait' };
  return secs < 120
    ? { text: t('positions.chip.sentSeconds', { n: secs }), tone: 'ok' }
    : { text: t('positions.chip.sentMinutes', { n: Math.floor(secs / 60) }), tone: 'ok' };
}

/** The top bar's GPS chip (patrol users on shift only). */
export function GpsChip() {
  const t = useT();
  const s = usePositionSnapshot();
  const online = useOnline();
  const now = useSecondTick(s.phase === 'active');
  const chip = chipText(s, online, now, t);
  if (!chip) return null;
  const title =
    s.phase === 'denied'
      ? t('positions.chip.deniedTitle')
      : [t('positions.chip.title', { roster: s.rosterName ?? '', s: Math.round(POSITION_INTERVAL_MS / 1000) }), s.refused]
          .filter(Boolean)
          .join(' — ');
  const Icon = s.phase === 'denied' || s.phase === 'unavailable' ? LuMapPinOff : LuMapPin;
  const asks = s.phase === 'permission';
  const parts = (
    <>
      <span className="gps-chip-icon">
        <Icon />
      </span>
      {s.pending > 0 && !online && <span className="gps-chip-count">{s.pending}</span>}
      <span className="gps-chip-text" data-testid="gps-status-text">
        {chip.text}
      </span>
    </>
  );
  const data = {
    'data-testid': 'gps-status',
    'data-tone': chip.tone,
    'data-phase': s.phase,
    'data-pending': s.pending,
    'data-recorded': s.recorded,
    'data-fix': s.lastFix ? s.lastFix.join(',') : undefined,
  };
  return asks ? (
    <button type="button" className="u-bar-chip gps-chip" title={title} aria-label={chip.text} onClick={requestGpsPermission} {...data}>
      {parts}
    </button>
  ) : (
    // a div names itself only with a role: an indicator read as one image with the chip's text
    <div className="u-bar-chip gps-chip" title={title} role="img" aria-label={chip.text} {...data}>
      {parts}
    </div>
  );
}

/**
 * On shift, location not asked yet: why it is wanted, and one button that asks the browser. Shown from the first
 * screen (`previewPositionPhase`), before the reporter's code is there.
 */
export function GpsPermissionBanner({ rosters }: { rosters: WebUser['rosters'] }) {
  const t = useT();
  const s = usePositionSnapshot();
  useEffect(() => {
    void previewPositionPhase(rosters, Date.now());
  }, [rosters]);
  const [later, setLater] = useState(() => {
    try {
      return sessionStorage.getItem(BANNER_DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  if (s.phase !== 'permission' || later) return null;
  return (
    <Alert.Root
      status="info"
      rounded="none"
      py="2.5"
      px={{ base: '4', md: '6' }}
      borderTopWidth="1px"
      borderColor="blue.emphasized"
      position="sticky"
      bottom="0"
      zIndex="docked"
      boxShadow="md"
      data-testid="gps-banner"
    >
      <Alert.Indicator>
        <LuMapPin />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title fontSize="sm">{t('positions.banner.title')}</Alert.Title>
        <Alert.Description fontSize="sm">
          {t('positions.banner.text', { roster: s.rosterName ?? '', s: Math.round(POSITION_INTERVAL_MS / 1000) })}
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2" alignSelf="center" flexShrink={0}>
        <Button size="sm" colorPalette="brand" onClick={requestGpsPermission} data-testid="gps-allow">
          {t('positions.banner.allow')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setLater(true);
            try {
              sessionStorage.setItem(BANNER_DISMISSED_KEY, '1');
            } catch {
              /* private mode: hidden for this page only */
            }
          }}
          data-testid="gps-later"
        >
          {t('positions.banner.later')}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
