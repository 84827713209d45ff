import { useQuery } from '@tanstack/react-query';
import { Badge, Box, Button, DataList, Flex, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuActivity, LuDatabase, LuRefreshCw, LuServer, LuShieldCheck, LuUserSearch } from 'react-icons/lu';
import { APP_VERSION } from '@contract/menu';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/api';
import { useSession, userRole } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { healthCall } from './support-api';
import { UsernameCheckForm } from './username-check-form';
import { AdminHub } from './admin-hub';

function uptimeParts(seconds: number) {
  return { d: Math.floor(seconds / 86400), h: Math.floor((seconds % 86400) / 3600), m: Math.floor((seconds % 3600) / 60) };
}

const okStatus = (s: string | undefined) => !!s && ['ok', 'up', 'healthy', 'pass'].includes(s.toLowerCase());
/** healthz reports the database driver (pglite, postgres) when it answers, an error word when it does not. */
const dbOk = (s: string | undefined) => !!s && !/down|error|fail|unavailable/i.test(s);

/** /primesupport: the landing page of role id 1 (§2.2) and the administration hub of the roles that administer (#14). */
export function PrimeSupportScreen() {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const role = userRole(user);
  const health = useQuery({ queryKey: ['healthz'], queryFn: healthCall, refetchInterval: 60_000, retry: false });

  return (
    <Box>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <AdminHub roleName={role.name} />
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="5">
        <Panel
          heading={
            <Flex align="center" gap="2">
              <LuShieldCheck /> {t('support.admin')}
            </Flex>
          }
        >
          <DataList.Root orientation="horizontal" px="4" py="4" gap="3" data-testid="support-admin">
            <Row label={t('user.displayName')} value={user?.profile.displayName} />
            <Row label={t('user.username')} value={user?.userId} />
            <Row label={t('user.role')} value={role.name ? `${role.name} · ${role.label}` : '—'} />
            <Row label={t('user.staffNo')} value={user?.profile.staffNo} />
            <Row label={t('user.position')} value={user?.profile.position} />
            <Row label={t('user.section')} value={user?.section.sectionName} />
            <Row label={t('user.region')} value={user?.section.region.value} />
          </DataList.Root>
        </Panel>

        <Panel
          heading={
            <Flex align="center" gap="2">
              <LuServer /> {t('support.health')}
            </Flex>
          }
          actions={
            <Button size="sm" variant="outline" minH="11" onClick={() => health.refetch()} loading={health.isFetching} data-testid="health-refresh">
              <LuRefreshCw /> {t('support.refresh')}
            </Button>
          }
        >
          <Box px="4" py="4">
            {health.isPending ? (
              <Stack gap="3">
                <Skeleton h="5" />
                <Skeleton h="5" />
                <Skeleton h="5" />
              </Stack>
            ) : health.isError ? (
              <ErrorBlock title={t('support.healthFailed')} message={errorText(health.error)} />
            ) : (
              <DataList.Root orientation="horizontal" gap="3" data-testid="support-health">
                <DataList.Item>
                  <DataList.ItemLabel minW="150px">
                    <Flex align="center" gap="1.5">
                      <LuActivity /> {t('support.status')}
                    </Flex>
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge colorPalette={okStatus(health.data.status) ? 'green' : 'red'} variant="solid" data-testid="health-status">
                      {health.data.status}
                    </Badge>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel minW="150px">
                    <Flex align="center" gap="1.5">
                      <LuDatabase /> {t('support.db')}
                    </Flex>
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge colorPalette={dbOk(health.data.db) ? 'green' : 'red'} variant="subtle">
                      {health.data.db}
                    </Badge>
                  </DataList.ItemValue>
                </DataList.Item>
                <Row label={t('support.serverVersion')} value={health.data.version} />
                <Row label={t('support.appVersion')} value={APP_VERSION} />
                <Row label={t('support.uptime')} value={t('support.uptimeValue', uptimeParts(health.data.uptimeSeconds ?? 0))} />
                <Text fontSize="xs" color="fg.muted">
                  {t('support.checkedAt', { time: formatDateTime(health.dataUpdatedAt) })}
                </Text>
              </DataList.Root>
            )}
          </Box>
        </Panel>

        <Panel
          gridColumn={{ lg: 'span 2' }}
          heading={
            <Flex align="center" gap="2">
              <LuUserSearch /> {t('support.usernameTool')}
            </Flex>
          }
        >
          <Box px="4" py="4" maxW="720px">
            <UsernameCheckForm />
          </Box>
        </Panel>

        <Panel gridColumn={{ lg: 'span 2' }}>
          <DataList.Root orientation="horizontal" px="4" py="3" gap="2" size="sm">
            <Row label={t('support.appVersion')} value={APP_VERSION} />
            <Row
              label={t('support.serviceWorker')}
              value={typeof navigator !== 'undefined' && navigator.serviceWorker?.controller ? t('support.swActive') : t('support.swInactive')}
            />
            <Row label={t('support.browser')} value={typeof navigator !== 'undefined' ? navigator.userAgent : ''} />
          </DataList.Root>
        </Panel>
      </Grid>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string | undefined | null }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="150px">{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="medium" wordBreak="break-word">
        {value || '—'}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
