import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuPlay, LuTrash2 } from 'react-icons/lu';
import { getDb } from '@/offline/db';
import { deleteDraft, listDrafts, type Draft, type DraftKind } from '@/offline/drafts';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/sync';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyBlock } from '@/ui/states';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { notify } from '@/ui/toaster';

const KIND_COLOUR: Record<DraftKind, string> = { newCase: 'blue', subform: 'purple', journal: 'teal', checklist: 'orange' };

/** /draf (issue #4 item 2): the user's form drafts on this device: resume ('Sambung') or discard ('Buang'). */
export function DraftsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const userId = useSession()?.user.userId;
  const drafts = useLiveQuery(() => (userId ? listDrafts(getDb(), userId) : Promise.resolve([] as Draft[])), [userId]);
  const [discard, setDiscard] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDiscard = async () => {
    if (!discard) return;
    setBusy(true);
    try {
      await deleteDraft(getDb(), discard.id);
      notify.info(t('sync.drafts.discarded'), { id: 'draft-discarded' });
      setDiscard(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="drafts-screen">
      <PageHeader title={t('sync.drafts.title')} subtitle={t('sync.drafts.subtitle')} />
      <Panel px="4" py="2">
        {drafts === undefined ? (
          <Stack gap="2">
            <Skeleton h="14" />
            <Skeleton h="14" />
          </Stack>
        ) : drafts.length === 0 ? (
          <EmptyBlock title={t('sync.drafts.empty')} icon={<LuFileText />} />
        ) : (
          <Stack gap="0" data-testid="draft-list">
            {drafts.map((d) => (
              <Flex
                key={d.id}
                align={{ base: 'stretch', md: 'center' }}
                direction={{ base: 'column', md: 'row' }}
                gap="3"
                py="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
                data-testid="draft-item"
                data-draft-id={d.id}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" truncate data-testid="draft-title">
                    {d.title}
                  </Text>
                  <HStack gap="2" fontSize="sm" color="fg.muted" mt="0.5" wrap="wrap">
                    <Badge colorPalette={KIND_COLOUR[d.kind]} data-testid="draft-kind">
                      {t(`sync.drafts.kind.${d.kind}`)}
                    </Badge>
                    <Text as="span" data-testid="draft-saved">
                      {t('sync.drafts.colSaved')}: {formatDateTime(d.updatedAt)}
                    </Text>
                  </HStack>
                </Box>
                <HStack gap="2" flexShrink={0}>
                  <Button
                    size="sm"
                    minH="11"
                    colorPalette="brand"
                    onClick={() => void navigate(d.link as Parameters<typeof navigate>[0])}
                    data-testid="draft-resume"
                  >
                    <LuPlay /> {t('sync.drafts.resume')}
                  </Button>
                  <Button size="sm" minH="11" variant="outline" colorPalette="red" onClick={() => setDiscard(d)} data-testid="draft-discard">
                    <LuTrash2 /> {t('sync.drafts.discard')}
                  </Button>
                </HStack>
              </Flex>
            ))}
          </Stack>
        )}
      </Panel>
      <ConfirmDialog
        open={!!discard}
        testId="draft-discard-confirm"
        colorPalette="red"
        pending={busy}
        title={t('sync.drafts.discardTitle')}
        message={discard ? t('sync.drafts.discardMessage', { title: discard.title }) : undefined}
        confirmLabel={t('sync.drafts.discard')}
        onConfirm={() => void confirmDiscard()}
        onCancel={() => setDiscard(null)}
      />
    </Box>
  );
}
