import { useState } from 'react';
import { Box, Button, Flex, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { LuMegaphone, LuSend } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/comms';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/time';
import { notify } from '@/ui/toaster';
import { ListStates } from '@/ui/states';
import { userRole, useSession } from '@/lib/session';
import { can } from '@contract/roles';
import { useBroadcasts, useMarkBroadcastsSeen, useSendBroadcast } from './use-comms';

const MAX = 1000;
/** §9: the list keeps at most about 8 entries. */
const KEEP = 8;

/** 'Siaran Portal' mode of the right drawer (§2.5). */
export function BroadcastPanel() {
  const t = useT();
  const [message, setMessage] = useState('');
  const list = useBroadcasts();
  const send = useSendBroadcast();
  const rows = (list.data ?? []).slice(0, KEEP);
  const session = useSession();
  const myStaffId = session?.user.pkStaffId;
  // only control-centre staff and managers send (the server refuses the rest); everyone reads
  const maySend = can(userRole(session?.user).name, 'broadcast');
  useMarkBroadcastsSeen(rows, true);

  const submit = () => {
    if (!message.trim() || send.isPending) return;
    send.mutate(message, {
      onSuccess: (saved) => {
        setMessage('');
        // null: kept on the device (the queued toast says so)
        if (saved) notify.success(t('drawer.sent'));
      },
      onError: (err) => notify.error(errorText(err)),
    });
  };

  return (
    <Flex direction="column" h="full" minH="0">
      {maySend && (
        <Box p="3" borderBottomWidth="1px" borderColor="border.muted">
          <Textarea
            recipe={textareaRecipe}
            value={message}
            onChange={(e) => setMessage(e.target.value.slice(0, MAX))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
            placeholder={t('drawer.broadcastPlaceholder')}
            rows={3}
            resize="vertical"
            bg="bg.panel"
            data-testid="broadcast-input"
          />
          <Flex mt="2" align="center" justify="space-between">
            <Text fontSize="xs" color="fg.muted">
              {t('drawer.charCount', { count: message.length, max: MAX })}
            </Text>
            <Button
              size="sm"
              minH="11"
              colorPalette="brand"
              onClick={submit}
              loading={send.isPending}
              disabled={!message.trim()}
              data-testid="broadcast-send"
            >
              <LuSend /> {t('drawer.send')}
            </Button>
          </Flex>
        </Box>
      )}
      <Box flex="1" overflowY="auto" minH="0" data-testid="broadcast-list">
        <ListStates
          pending={list.isPending}
          failed={list.isError && !rows.length}
          failedText={t('drawer.loadFailed')}
          empty={rows.length === 0}
          emptyIcon={<LuMegaphone />}
          emptyText={t('drawer.noBroadcasts')}
        >
          {rows.map((b) => (
            <Box key={b.pkMessageBroadcastId} px="3" py="3" borderBottomWidth="1px" borderColor="border.muted" data-testid="broadcast-item">
              <Flex justify="space-between" align="baseline" gap="2">
                <Text fontSize="sm" fontWeight="semibold" color="brand.ink" truncate>
                  {b.rcc.profile.displayName}{' '}
                  <Text as="span" fontWeight="normal" color="fg.muted">
                    ({b.rcc.roleName || b.rcc.profile.position})
                  </Text>
                </Text>
              </Flex>
              <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                {formatDateTime(b.createdDateTime)}
              </Text>
              <Text fontSize="sm" mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
                {b.message}
              </Text>
              {b.rcc.pkStaffId === myStaffId && typeof b.seenCount === 'number' && (
                <Text fontSize="xs" color="fg.muted" mt="1" data-testid="broadcast-seen" data-seen={b.seenCount} data-total={b.audienceCount}>
                  {t('comms.seenBy', { seen: b.seenCount, total: b.audienceCount })}
                </Text>
              )}
            </Box>
          ))}
        </ListStates>
      </Box>
    </Flex>
  );
}
