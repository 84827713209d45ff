import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { LuCloudOff } from 'react-icons/lu';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/offline-writes';
import { formatDateTime } from '@/lib/time';
import { useQueuedItems } from '@/offline/queued';

/** The kinds shown above the audit trail: the user's status writes and edits of this case that wait on the device. */
const KINDS = ['audit.save', 'incident.update', 'subform.save'] as const;

/** The user's status writes and edits of the case not sent yet, marked 'Belum dihantar' (issue #4). */
export function QueuedCaseWrites({ incidentId, entity }: { incidentId?: number | null; entity?: string | null }) {
  const t = useT();
  const items = useQueuedItems({ id: incidentId, entity }, KINDS);
  if (!items.length) return null;
  return (
    <Stack gap="0" px="4" pt="3" data-testid="audit-queued">
      {[...items].reverse().map((i) => (
        <Flex
          key={i.clientId}
          gap="2"
          align="center"
          justify="space-between"
          wrap="wrap"
          py="2"
          borderBottomWidth="1px"
          borderColor="border.muted"
          data-testid="audit-row-queued"
          data-kind={i.kind}
          data-state={i.state}
        >
          <Box minW="0">
            <Text fontSize="sm" fontWeight="medium" color="brand.ink">
              {i.label}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {formatDateTime(i.createdAt)}
            </Text>
            {i.state === 'parked' && i.park && (
              <Text fontSize="xs" color="red.fg">
                {serverText(i.park.message)}
              </Text>
            )}
          </Box>
          <Badge colorPalette={i.state === 'parked' ? 'red' : 'orange'} variant="subtle" size="sm" data-testid="queued-badge" data-state={i.state}>
            <LuCloudOff /> {t('queued.notSent')}
          </Badge>
        </Flex>
      ))}
    </Stack>
  );
}
