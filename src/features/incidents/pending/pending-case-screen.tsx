/**
 * /kes-tertunda/$entity (issue #4): a case created on this device and not sent yet. It shows what the form held
 * (from the outbox item; names from the cached lookups), marked 'Belum dihantar', and its journal can already be
 * written and photos attached (they refer to the case's entity and go after it). Once the id map knows the
 * case's server id, the page switches to the real case page. The journal is a slot the route fills (features never
 * import each other), as on the case page.
 */
import { useEffect, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Box, Button, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuCloudOff } from 'react-icons/lu';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import '@/lib/i18n/parts/new-case';
import '@/lib/i18n/parts/offline-writes';
import { useLookup } from '@/lib/lookups';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { getDb } from '@/offline/db';
import type { OutboxItem } from '@/offline/outbox';
import { Panel } from '@/ui/panel';
import { useListedSections } from '@/lib/sections';
import type { NewCaseValues } from '../new-case/new-case-submit';

/** What the route's journal slot gets to draw the journal of a case not sent yet (entries refer to its entity). */
export interface PendingJournalSlotProps {
  /** the entity client id the case was created under on this device */
  pendingEntity: string;
}

export function PendingCaseScreen({ entity, journal }: { entity: string; journal?: (p: PendingJournalSlotProps) => ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const userId = user?.userId;

  const state = useLiveQuery(async () => {
    const db = getDb();
    const mapped = await db.idMap.get(entity);
    const items = userId ? await db.outbox.where('userId').equals(userId).toArray() : [];
    const create = items.find((i) => i.kind === 'incident.create' && i.creates?.entity === entity) ?? null;
    return { serverId: mapped && mapped.userId === userId ? mapped.serverId : null, create };
  }, [entity, userId]);

  useEffect(() => {
    if (state?.serverId) void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(state.serverId) }, replace: true });
  }, [state?.serverId, navigate]);

  const back = (
    <Button variant="ghost" size="sm" minH="11" px="2" mb="2" color="brand.fg" onClick={() => history.back()} data-testid="pending-case-back">
      <LuArrowLeft /> {t('incident.detail.back')}
    </Button>
  );

  if (!state || state.serverId) return <Box data-testid="pending-case-loading" />;
  if (!state.create)
    return (
      <Box data-testid="pending-case-gone">
        {back}
        <Alert.Root status="info" rounded="md">
          <Alert.Indicator />
          <Alert.Description>{t('queued.pendingCase.gone')}</Alert.Description>
        </Alert.Root>
      </Box>
    );
  return <PendingCase entity={entity} item={state.create} back={back} journal={journal} />;
}

function PendingCase({
  entity,
  item,
  back,
  journal,
}: {
  entity: string;
  item: OutboxItem;
  back: ReactNode;
  journal?: (p: PendingJournalSlotProps) => ReactNode;
}) {
  const t = useT();
  const user = useSession()?.user;
  const v = item.formValues as NewCaseValues | undefined;
  const sections = useListedSections(user?.section.region.key);
  const categories = useLookup('incidentCategory');
  const directions = useLookup('cardinalDirection');
  const sources = useLookup('incidentSource');
  const highways = useLookup('highway');
  const name = (list: { key: number; value: string }[] | undefined, id: number | null | undefined) =>
    list?.find((x) => x.key === id)?.value ?? (id == null ? '—' : `#${id}`);
  const section = (sections.data ?? []).find((s) => s.pkSectionId === v?.pkSectionId);
  const specific = section?.specificSections.find((s) => s.pkSectionId === v?.pkSpecificSectionId);

  const rows: { label: string; value: string; testId: string }[] = v
    ? [
        { label: t('newCase.field.eventType'), value: name(categories.data, v.pkIncidentCategoryId), testId: 'pending-case-type' },
        {
          label: t('newCase.field.section'),
          value: section ? (specific ? `${section.sectionName} (${specific.sectionName})` : section.sectionName) : `#${v.pkSectionId}`,
          testId: 'pending-case-section',
        },
        { label: t('newCase.field.highway'), value: name(highways.data, v.pkHighwayId), testId: 'pending-case-highway' },
        { label: t('newCase.field.kilometer'), value: v.kilometerMarker, testId: 'pending-case-km' },
        { label: t('newCase.field.direction'), value: name(directions.data, v.pkCardinalDirectionId), testId: 'pending-case-direction' },
        { label: t('newCase.field.source'), value: name(sources.data, v.pkIncidentSourceId), testId: 'pending-case-source' },
        { label: t('queued.pendingCase.reportedBy'), value: user?.profile.displayName ?? '', testId: 'pending-case-reporter' },
        { label: t('queued.pendingCase.remark'), value: v.subform?.remark || '—', testId: 'pending-case-remark' },
      ]
    : [];

  return (
    <Box data-testid="pending-case" data-entity={entity} data-state={item.state}>
      {back}
      <HStack gap="3" wrap="wrap" align="center" mb="1">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }} color="brand.ink" data-testid="pending-case-title">
          {v
            ? `${name(categories.data, v.pkIncidentCategoryId)} · KM ${v.kilometerMarker} · ${name(directions.data, v.pkCardinalDirectionId)}`
            : item.label}
        </Heading>
        <Badge colorPalette={item.state === 'parked' ? 'red' : 'orange'} size="lg" variant="solid" data-testid="pending-case-badge">
          <LuCloudOff /> {t('queued.notSent')}
        </Badge>
      </HStack>
      <Text color="fg.muted" fontSize="sm" mb="3">
        {formatDateTime(item.createdAt)}
      </Text>
      <Alert.Root status={item.state === 'parked' ? 'error' : 'warning'} rounded="md" mb="4" data-testid="pending-case-hint">
        <Alert.Indicator />
        <Alert.Description>
          {item.state === 'parked' && item.park
            ? t('queued.pendingCase.parked', { message: serverText(item.park.message) })
            : t('queued.pendingCase.hint')}
        </Alert.Description>
      </Alert.Root>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(340px, 2fr)' }} gap="4" alignItems="start">
        <Panel heading={t('queued.pendingCase.details')} data-testid="pending-case-details">
          <Stack p="4" gap="2">
            {rows.map((r) => (
              <Flex key={r.testId} gap="3" fontSize="sm">
                <Text minW="40" color="fg.muted">
                  {r.label}
                </Text>
                <Text fontWeight="medium" data-testid={r.testId}>
                  {r.value}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Panel>
        {journal?.({ pendingEntity: entity })}
      </Grid>
    </Box>
  );
}
