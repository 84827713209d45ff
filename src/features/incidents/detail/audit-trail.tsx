import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuHistory, LuMapPin, LuRefreshCw, LuTruck, LuUser } from 'react-icons/lu';
import type { AuditRow } from '@contract/incidents';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { IncidentStatusBadge } from '@/ui/incident-status-badge';
import { ListStates } from '@/ui/states';

/** Audit Trail (§2.7, §3.7): status, date and time, who (role), roster, remark or justification; newest first. */
export function AuditTrail({
  rows,
  pending,
  failed,
  onRetry,
}: {
  rows: AuditRow[] | undefined;
  pending: boolean;
  failed: boolean;
  onRetry?: () => void;
}) {
  const t = useT();
  const list = [...(rows ?? [])].sort((a, b) => b.datetime.localeCompare(a.datetime) || b.pkIncidentAuditId - a.pkIncidentAuditId);
  return (
    <Box data-testid="audit-trail">
      <ListStates
        pending={pending}
        failed={failed}
        failedText={t('incident.audit.loadFailed')}
        empty={list.length === 0}
        emptyIcon={<LuHistory size={28} />}
        emptyText={t('incident.audit.empty')}
        emptyTestId="audit-empty"
      >
        <Stack as="ol" gap="0" listStyleType="none" px="4" py="3">
          {list.map((r, i) => (
            <Flex as="li" key={r.pkIncidentAuditId} gap="3" data-testid="audit-row" data-status-id={r.incidentStatus.key}>
              <Flex direction="column" align="center" pt="1.5">
                <Box boxSize="2.5" rounded="full" bg={i === 0 ? 'brand.500' : 'gray.300'} flexShrink={0} />
                {i < list.length - 1 && <Box w="2px" flex="1" bg="bg.emphasized" mt="1" />}
              </Flex>
              <Box flex="1" minW="0" pb={i < list.length - 1 ? '4' : '1'}>
                <Flex align="center" justify="space-between" gap="2" wrap="wrap">
                  <IncidentStatusBadge statusId={r.incidentStatus.key} label={r.incidentStatus.value} />
                  <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="audit-when">
                    {r.date} {r.time}
                  </Text>
                </Flex>
                <HStack gap="1.5" mt="1.5" fontSize="sm" color="fg" align="flex-start">
                  <Box as={LuUser} boxSize="3.5" mt="0.5" flexShrink={0} color="fg.muted" />
                  <Text>
                    {r.assigner.displayName}{' '}
                    <Text as="span" color="fg.muted">
                      ({r.assigner.roleName})
                    </Text>
                  </Text>
                </HStack>
                {r.assignee && (
                  <HStack gap="1.5" mt="0.5" fontSize="sm" color="fg">
                    <Box as={LuTruck} boxSize="3.5" flexShrink={0} color="fg.muted" />
                    <Text truncate>{r.assignee.dutyRosterName}</Text>
                  </HStack>
                )}
                {r.latitude !== null && r.longtitude !== null && (
                  <HStack gap="1.5" mt="0.5" fontSize="xs" color="fg.muted">
                    <Box as={LuMapPin} boxSize="3.5" flexShrink={0} />
                    <Text fontVariantNumeric="tabular-nums">
                      {r.latitude.toFixed(5)}, {r.longtitude.toFixed(5)}
                    </Text>
                  </HStack>
                )}
                {r.remark && (
                  <Text
                    mt="1.5"
                    fontSize="sm"
                    bg="bg.subtle"
                    borderLeftWidth="3px"
                    borderColor="amber.400"
                    px="2"
                    py="1"
                    rounded="sm"
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                    data-testid="audit-remark"
                  >
                    {r.remark}
                  </Text>
                )}
              </Box>
            </Flex>
          ))}
        </Stack>
      </ListStates>
      {failed && onRetry && (
        <Flex justify="center" pb="3">
          <Button variant="outline" size="sm" minH="11" onClick={onRetry} data-testid="audit-retry">
            <LuRefreshCw /> {t('app.retry')}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
