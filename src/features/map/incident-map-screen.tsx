/**
 * /map (§2.1, issue #7 item 3): every open case of the region as a marker styled by type and status, the active
 * patrols as green markers (grey when their position is stale), a section selector that zooms per §9, live refresh
 * (bigMaps/getIncidentAndActivePR every MAP_REFRESH_MS). Clicking a case opens it; clicking a patrol shows its §3.12
 * info and its §2.18 timeline beside the map. Without tiles the highway network and the markers still draw.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Box, Field, Flex, Grid, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import type { BigMapsRequest, MapRoster } from '@contract/maps';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, parseMapCenter, sectionZoom } from '@contract/map-rules';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { useSession, userRole } from '@/lib/session';
import { formatDateTimeShort } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { MapLegend } from './legend';
import { useListedSections } from '@/lib/sections';
import { useBigMaps, useSectionNetwork } from './map-api';
import { PatrolPanel } from './patrol-panel';
import type { PatrolMarker } from './ol-kit';
import { useMapKit, useTilesUnavailable } from './use-map-kit';

/** the widest the user may zoom out on the whole-region view */
const REGION_MIN_ZOOM = 5;

export const patrolMarkers = (rows: readonly MapRoster[]): PatrolMarker[] =>
  rows.flatMap((r) =>
    r.latlng ? [{ id: r.pkDutyRosterId, lat: r.latlng[0], lng: r.latlng[1], stale: r.stale, busy: r.busy, name: r.dutyRosterName }] : [],
  );

export function IncidentMapScreen() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const all = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const regionId = all ? undefined : user?.section.region.key;
  const body = useMemo<BigMapsRequest>(() => (regionId ? { regionId } : {}), [regionId]);

  const data = useBigMaps(body, !!user);
  const network = useSectionNetwork();
  const sections = useListedSections(regionId);
  const [sectionId, setSectionId] = useState('');
  const [selected, setSelected] = useState<number | null>(null);

  const ref = useRef<HTMLDivElement>(null);
  const kit = useMapKit(ref, { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM, minZoom: REGION_MIN_ZOOM, probe: '__lebuhrayaMap' });
  const noTiles = useTilesUnavailable(kit);

  const answer = data.data?.data;
  useEffect(() => {
    if (kit && network.data) kit.setNetwork(network.data);
  }, [kit, network.data]);
  useEffect(() => {
    if (!kit || !answer) return;
    kit.setCases(answer.incidents);
    kit.setPatrols(patrolMarkers(answer.activePR));
  }, [kit, answer]);
  useEffect(() => {
    kit?.selectPatrol(selected);
  }, [kit, selected]);
  useEffect(() => {
    if (!kit) return;
    return kit.onClick((hit) => {
      if (hit?.kind === 'case') void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(hit.incident.incidentId) } });
      else if (hit?.kind === 'patrol') setSelected(hit.id);
    });
  }, [kit, navigate]);

  const chooseSection = (id: string) => {
    setSectionId(id);
    if (!kit) return;
    const s = sections.data?.find((x) => String(x.pkSectionId) === id);
    const centre = s ? parseMapCenter(s.mapcenter) : null;
    if (s && centre) {
      const z = sectionZoom(s.mapzoom);
      kit.centreOn(centre, z.zoom, z.minZoom);
    } else {
      kit.centreOn(MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, REGION_MIN_ZOOM);
    }
  };

  const roster = selected !== null ? (answer?.activePR.find((r) => r.pkDutyRosterId === selected) ?? null) : null;
  const offlineAt = data.data?.cachedAt ?? null;

  return (
    <Box data-testid="map-screen">
      <PageHeader
        title={t('map.title')}
        subtitle={t('map.subtitle')}
        actions={
          <Field.Root w={{ base: 'full', sm: '56' }}>
            <Field.Label fontSize="xs" color="fg.muted" mb="0.5">
              {t('map.section')}
            </Field.Label>
            <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm">
              <NativeSelect.Field
                bg="bg.panel"
                minH="10"
                value={sectionId}
                onChange={(e) => chooseSection(e.currentTarget.value)}
                data-testid="map-section"
              >
                <option value="">{t('map.allSections')}</option>
                {(sections.data ?? []).map((s) => (
                  <option key={s.pkSectionId} value={String(s.pkSectionId)}>
                    {s.sectionName} — {s.description}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        }
      />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="4" alignItems="start">
        <Box
          position="relative"
          h={{ base: '65vh', lg: 'calc(100dvh - 210px)' }}
          minH="420px"
          rounded="lg"
          overflow="hidden"
          borderWidth="1px"
          bg="surface.map"
        >
          <Box ref={ref} position="absolute" inset="0" data-testid="map-canvas" data-tiles={noTiles ? 'unavailable' : 'ok'} />
          <Flex position="absolute" top="2" left="12" right="2" gap="2" direction="column" align="flex-start" pointerEvents="none">
            {data.isPending && (
              <Flex bg="bg.panel" px="3" py="1.5" rounded="md" shadow="sm" align="center" gap="2" data-testid="map-loading">
                <Spinner size="sm" /> <Text fontSize="sm">{t('map.loading')}</Text>
              </Flex>
            )}
            {data.isError && (
              <Alert.Root
                status={isApiError(data.error) && data.error.kind !== 'http' ? 'warning' : 'error'}
                size="sm"
                maxW="md"
                pointerEvents="auto"
                data-testid="map-error"
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('map.loadFailed')}</Alert.Title>
                  <Alert.Description>{errorText(data.error)}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {offlineAt && (
              <Badge colorPalette="orange" data-testid="map-offline">
                {t('map.offlineData', { time: formatDateTimeShort(offlineAt) })}
              </Badge>
            )}
            {noTiles && (
              <Badge colorPalette="gray" bg="bg.panel" shadow="sm" data-testid="map-no-tiles">
                {t('map.noTiles')}
              </Badge>
            )}
          </Flex>
        </Box>
        <Box as="aside" bg="bg.panel" rounded="lg" borderWidth="1px" p="4" maxH={{ lg: 'calc(100dvh - 210px)' }} overflowY="auto">
          {roster ? (
            <PatrolPanel roster={roster} onClose={() => setSelected(null)} />
          ) : (
            <>
              {answer && (
                <Box mb="3">
                  <Text fontSize="sm" fontWeight="semibold" data-testid="map-counts">
                    {t('map.counts', { cases: answer.incidents.length, patrols: answer.activePR.filter((r) => r.latlng).length })}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" data-testid="map-updated">
                    {t('map.updatedAt', { time: formatDateTimeShort(answer.serverTime) })}
                  </Text>
                </Box>
              )}
              <Text fontWeight="semibold" mb="2">
                {t('map.legend')}
              </Text>
              <MapLegend />
            </>
          )}
        </Box>
      </Grid>
    </Box>
  );
}
