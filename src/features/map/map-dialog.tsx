/**
 * The map dialog of a case (§2.8, issue #7 item 4): at most 1000 × 600, a recentre button, the section, the red
 * incident marker, green patrol markers (grey when stale) with an info window on click, and the nearest patrols of
 * dutyroster/nearestActivePR beside the map, in the server's order, with their distance in KM with 2 decimals (§9) and
 * the age of their position. When no patrol has a position: 'Oncore service not available' (§8).
 * Loaded on demand (React.lazy in src/app/case-view.tsx): OpenLayers never ships with the detail page itself.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Dialog, Flex, Grid, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuCrosshair } from 'react-icons/lu';
import Overlay from 'ol/Overlay';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import type { ActivePrFilter, ActivePrRow } from '@contract/incidents';
import { formatKm, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, ONCORE_UNAVAILABLE } from '@contract/map-rules';
import { errorText } from '@/lib/api';
import type { MapSlotProps } from '@/lib/case-dialog';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { formatClock, formatDateTimeShort } from '@/lib/time';
import { AgeText } from './age-text';
import { MapLegend } from './legend';
import { useNearestPatrols, useSectionNetwork } from './map-api';
import type { LatLng, PatrolMarker } from './ol-kit';
import { useMapKit, useTilesUnavailable } from './use-map-kit';

export type MapDialogProps = MapSlotProps;

/** zoom of the dialog around the incident */
const INCIDENT_ZOOM = 13;

const positionOf = (r: ActivePrRow): LatLng | null => (r.position ? [r.position.latitude, r.position.longitude] : null);

export function MapDialog(p: MapDialogProps) {
  const t = useT();
  const filter = useMemo<ActivePrFilter>(
    () => ({
      regionId: p.regionId,
      sectionId: p.sectionId,
      kilometer: p.kilometer || undefined,
      latitude: p.latitude ?? undefined,
      longitude: p.longitude ?? undefined,
      direction: p.directionId ?? undefined,
    }),
    [p.regionId, p.sectionId, p.kilometer, p.latitude, p.longitude, p.directionId],
  );
  const nearest = useNearestPatrols(filter);
  const network = useSectionNetwork();
  const rows = nearest.data ?? [];
  const located = rows.filter((r) => r.position);
  const incidentAt = useMemo<LatLng | null>(
    () => (p.latitude !== null && p.longitude !== null ? [p.latitude, p.longitude] : null),
    [p.latitude, p.longitude],
  );

  const ref = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const kit = useMapKit(ref, {
    center: incidentAt ?? MAP_DEFAULT_CENTER,
    zoom: incidentAt ? INCIDENT_ZOOM : MAP_DEFAULT_ZOOM,
    probe: '__lebuhrayaMapDialog',
  });
  const noTiles = useTilesUnavailable(kit);
  const [info, setInfo] = useState<number | null>(null);
  const overlay = useMemo(() => new Overlay({ positioning: 'bottom-center', offset: [0, -16], stopEvent: true }), []);

  useEffect(() => {
    if (!kit || !popupRef.current) return;
    overlay.setElement(popupRef.current);
    kit.map.addOverlay(overlay);
    return () => void kit.map.removeOverlay(overlay);
  }, [kit, overlay]);
  useEffect(() => {
    if (kit && network.data) kit.setNetwork(network.data);
  }, [kit, network.data]);
  useEffect(() => {
    if (!kit) return;
    kit.setPins(incidentAt ? [{ id: `incident:${p.incidentId}`, lat: incidentAt[0], lng: incidentAt[1] }] : []);
  }, [kit, p.incidentId, incidentAt]);
  useEffect(() => {
    if (!kit) return;
    kit.setPatrols(
      rows.flatMap((r): PatrolMarker[] => {
        const at = positionOf(r);
        return at ? [{ id: r.pkDutyRosterId, lat: at[0], lng: at[1], stale: !!r.stale, busy: r.busy, name: r.dutyRosterName }] : [];
      }),
    );
    kit.selectPatrol(info);
  }, [kit, rows, info]);
  // no place for the case: the view takes in the patrols once they are there
  const fitted = useRef(false);
  useEffect(() => {
    if (!kit || incidentAt || fitted.current || !located.length) return;
    fitted.current = true;
    kit.fit(
      located.map((r) => positionOf(r)!),
      INCIDENT_ZOOM,
    );
  }, [kit, incidentAt, located]);
  useEffect(() => {
    if (!kit) return;
    return kit.onClick((hit) => {
      if (hit?.kind === 'patrol') {
        setInfo(hit.id);
        overlay.setPosition(hit.coordinate);
      } else {
        setInfo(null);
        overlay.setPosition(undefined);
      }
    });
  }, [kit, overlay]);

  const recentre = () => {
    if (!kit) return;
    if (incidentAt) kit.centreOn(incidentAt, INCIDENT_ZOOM);
    else if (located.length)
      kit.fit(
        located.map((r) => positionOf(r)!),
        INCIDENT_ZOOM,
      );
  };
  const showPatrol = (r: ActivePrRow) => {
    const at = positionOf(r);
    if (!kit || !at) return;
    setInfo(r.pkDutyRosterId);
    kit.centreOn(at);
    overlay.setPosition(kit.toCoordinate(at));
  };
  const infoRow = info !== null ? rows.find((r) => r.pkDutyRosterId === info) : undefined;
  const oncoreDown = nearest.isSuccess && located.length === 0;

  return (
    <Dialog.Root recipe={dialogSlotRecipe} open onOpenChange={(e) => !e.open && p.onClose()} placement="center" size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="1000px" w="calc(100vw - 2rem)" h="min(600px, calc(100dvh - 2rem))" mx="4" data-testid="map-dialog">
            <Dialog.Header py="3" px="4">
              <Flex align="center" gap="3" wrap="wrap" flex="1" pr="8">
                <Box>
                  <Dialog.Title fontSize="md">{t('map.dialog.title', { ticket: p.ticketNumber })}</Dialog.Title>
                  <Text fontSize="xs" color="fg.muted" data-testid="map-dialog-section">
                    {t('map.dialog.section', { section: p.sectionName })}
                    {p.kilometer ? ` · KM ${p.kilometer}` : ''}
                  </Text>
                </Box>
                <Button size="sm" variant="outline" minH="9" onClick={recentre} data-testid="map-dialog-recentre">
                  <LuCrosshair /> {t('map.recentre')}
                </Button>
              </Flex>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('map.dialog.close')} data-testid="map-dialog-close" />
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body p="0" display="flex" minH="0" flex="1">
              <Grid
                templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 300px' }}
                templateRows={{ base: 'minmax(260px, 1fr) auto', md: '1fr' }}
                w="full"
                minH="0"
              >
                <Box position="relative" minH="260px" bg="surface.map">
                  <Box ref={ref} position="absolute" inset="0" data-testid="map-dialog-canvas" data-tiles={noTiles ? 'unavailable' : 'ok'} />
                  <Box ref={popupRef} data-testid="map-dialog-info">
                    {infoRow && (
                      <PatrolInfoWindow
                        row={infoRow}
                        onClose={() => {
                          setInfo(null);
                          overlay.setPosition(undefined);
                        }}
                      />
                    )}
                  </Box>
                  <Stack position="absolute" top="2" left="12" right="2" gap="2" align="flex-start" pointerEvents="none">
                    {oncoreDown && (
                      <Alert.Root status="warning" size="sm" maxW="sm" data-testid="map-dialog-oncore">
                        <Alert.Indicator />
                        <Alert.Title>{ONCORE_UNAVAILABLE}</Alert.Title>
                      </Alert.Root>
                    )}
                    {!incidentAt && nearest.isSuccess && (
                      <Badge colorPalette="orange" whiteSpace="normal">
                        {t('map.dialog.noLocation')}
                      </Badge>
                    )}
                    {noTiles && (
                      <Badge colorPalette="gray" bg="bg.panel" shadow="sm" data-testid="map-dialog-no-tiles">
                        {t('map.noTiles')}
                      </Badge>
                    )}
                  </Stack>
                </Box>
                <Box
                  borderLeftWidth={{ md: '1px' }}
                  borderTopWidth={{ base: '1px', md: '0' }}
                  overflowY="auto"
                  p="3"
                  minH="0"
                  maxH={{ base: '40dvh', md: 'none' }}
                  // a scrolling list of plain text: focusable, so the keyboard can scroll it (WCAG 2.1.1)
                  tabIndex={0}
                  role="region"
                  aria-label={t('map.dialog.nearest')}
                >
                  <Text fontWeight="semibold" mb="2">
                    {t('map.dialog.nearest')}
                  </Text>
                  {nearest.isPending ? (
                    <Stack gap="2">
                      <Skeleton h="14" />
                      <Skeleton h="14" />
                    </Stack>
                  ) : nearest.isError && !nearest.data ? (
                    <Text fontSize="sm" color="red.fg" data-testid="map-dialog-error">
                      {errorText(nearest.error)}
                    </Text>
                  ) : !rows.length ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="map-dialog-empty">
                      {t('map.dialog.noPatrols')}
                    </Text>
                  ) : (
                    <Stack gap="2" data-testid="map-dialog-nearest">
                      {rows.map((r) => (
                        <NearestRow key={r.pkDutyRosterId} row={r} active={info === r.pkDutyRosterId} onShow={() => showPatrol(r)} />
                      ))}
                    </Stack>
                  )}
                  <Box mt="4">
                    <MapLegend dialog />
                  </Box>
                </Box>
              </Grid>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function NearestRow({ row, active, onShow }: { row: ActivePrRow; active: boolean; onShow: () => void }) {
  const t = useT();
  return (
    <Box
      asChild
      textAlign="left"
      w="full"
      p="2"
      rounded="md"
      borderWidth="1px"
      borderColor={active ? 'green.500' : 'border'}
      bg={active ? 'green.subtle' : 'bg.panel'}
      _hover={{ bg: 'bg.subtle' }}
    >
      <button
        type="button"
        onClick={onShow}
        disabled={!row.position}
        data-testid="map-dialog-patrol"
        data-roster-id={row.pkDutyRosterId}
        data-distance={row.distanceKm ?? ''}
      >
        <Flex justify="space-between" gap="2" align="baseline">
          <Text fontSize="sm" fontWeight="semibold" lineClamp={1}>
            {row.dutyRosterName}
          </Text>
          <Text fontSize="sm" fontWeight="bold" color="green.fg" whiteSpace="nowrap" data-testid="map-dialog-distance">
            {row.distanceKm !== null ? formatKm(row.distanceKm) : t('map.dialog.distanceUnknown')}
          </Text>
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {[row.plateNumber, row.callSign, row.sectionName].filter(Boolean).join(' · ')}
          {row.distanceBasis === 'highway' && row.crossoverKm ? ` · ${t('map.dialog.viaCrossover')}` : ''}
          {row.distanceBasis === 'position' || row.distanceBasis === 'section' ? ` · ${t('map.dialog.straightLine')}` : ''}
        </Text>
        <Flex gap="2" align="center" mt="0.5" wrap="wrap">
          {row.positionAgeSeconds !== null ? (
            <Text fontSize="xs" data-testid="map-dialog-age">
              <AgeText seconds={row.positionAgeSeconds} />
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {t('map.patrol.noPosition')}
            </Text>
          )}
          {row.stale && <Badge colorPalette="gray">{t('map.patrol.stale')}</Badge>}
          {row.busy && <Badge colorPalette="orange">{t('map.legend.patrolBusy')}</Badge>}
        </Flex>
      </button>
    </Box>
  );
}

/** The info window of a patrol marker. */
function PatrolInfoWindow({ row, onClose }: { row: ActivePrRow; onClose: () => void }) {
  const t = useT();
  const loc = row.position;
  return (
    <Box
      bg="bg.panel"
      rounded="md"
      shadow="lg"
      borderWidth="1px"
      p="3"
      minW="220px"
      maxW="280px"
      fontSize="xs"
      position="relative"
      data-testid="map-dialog-info-window"
    >
      <CloseButton size="2xs" position="absolute" top="1" right="1" onClick={onClose} aria-label={t('map.patrol.close')} />
      <Text fontWeight="semibold" fontSize="sm" pr="6">
        {row.dutyRosterName}
      </Text>
      <Text>
        {t('map.patrol.hours')}: {formatClock(row.startHour)} – {formatClock(row.endHour)}
      </Text>
      <Text>
        {t('map.patrol.plate')}: {row.plateNumber ?? '—'}
      </Text>
      {row.distanceKm !== null && <Text fontWeight="semibold">{formatKm(row.distanceKm)}</Text>}
      {loc && (
        <>
          <Text>
            {t('map.patrol.lastSeen')}: {formatDateTimeShort(loc.lastSeen)}
          </Text>
          <Text>
            {t('map.patrol.km')}: {loc.kmmarker != null ? `${loc.kmmarker.toFixed(1)}${loc.section ? ` (${loc.section})` : ''}` : '—'} ·{' '}
            {loc.direction ?? '—'}
          </Text>
        </>
      )}
      {row.members.length > 0 && <Text color="fg.muted">{row.members.map((m) => m.displayName).join(', ')}</Text>}
    </Box>
  );
}
