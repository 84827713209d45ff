import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuLogOut, LuRefreshCw } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/sync';
import { useOnline } from '@/lib/use-online';
import { browserOnline } from '@/lib/online';
import { currentUnsentWork, signOut, signOutPlan, type UnsentWork } from './sign-out';

type Phase = { kind: 'checking' } | { kind: 'ask'; unsent: UnsentWork; note?: 'offline' | 'allSent' | 'left' } | { kind: 'working' };

/**
 * /signout: with nothing unsent, the logout call (network failure ignored), local data wiped, back to /signin.
 * With unsent items or drafts (issue #4): warns, offers 'Segerakkan dahulu', or signs out keeping them on the device.
 */
export function SignoutScreen() {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const online = useOnline();
  const started = useRef(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [syncing, setSyncing] = useState(false);

  const finish = () => {
    setPhase({ kind: 'working' });
    void signOut().finally(() => {
      queryClient.clear();
      void navigate({ to: '/signin', search: { reason: 'signedout' }, replace: true });
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check of unsent work runs once, when the screen opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void currentUnsentWork().then((unsent) => {
      const plan = signOutPlan(unsent);
      if (plan.kind === 'wipe') finish();
      else setPhase({ kind: 'ask', unsent: { items: plan.items, drafts: plan.drafts } });
    });
  }, []);

  const syncFirst = async () => {
    setSyncing(true);
    try {
      await (await import('@/offline/sync-client')).syncNow();
    } catch (err) {
      console.warn('[sign-out] sync failed', err);
    }
    const unsent = (await currentUnsentWork()) ?? { items: 0, drafts: 0 };
    setSyncing(false);
    if (unsent.items + unsent.drafts === 0) return finish();
    setPhase({ kind: 'ask', unsent, note: !browserOnline() ? 'offline' : unsent.items === 0 ? 'allSent' : 'left' });
  };

  const cancel = () => {
    if (router.history.length > 1) router.history.back();
    else void navigate({ to: '/', replace: true });
  };

  if (phase.kind !== 'ask') {
    return (
      <Flex minH="100dvh" align="center" justify="center" direction="column" gap="3" color="brand.ink">
        <Spinner size="lg" color="brand.fg" />
        <Text>{t('signout.working')}</Text>
      </Flex>
    );
  }

  const { unsent } = phase;
  const note = phase.note ?? (!online && unsent.items > 0 ? 'offline' : undefined);
  return (
    <Flex minH="100dvh" align="center" justify="center" p="4" bg="surface.page">
      <Box bg="bg.panel" rounded="lg" boxShadow="md" p={{ base: '5', md: '7' }} maxW="520px" w="full" data-testid="signout-unsent">
        <Stack gap="4">
          <Heading as="h1" size="lg" color="brand.ink">
            {t('sync.signout.title')}
          </Heading>
          <Text fontWeight="semibold" data-testid="signout-counts" data-items={unsent.items} data-drafts={unsent.drafts}>
            {t('sync.signout.counts', { items: unsent.items, drafts: unsent.drafts })}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {t('sync.signout.hint')}
          </Text>
          {note && (
            <Alert.Root status={note === 'allSent' ? 'success' : 'warning'} data-testid="signout-note" data-note={note}>
              <Alert.Indicator />
              <Alert.Description>
                {note === 'offline'
                  ? t('sync.signout.offline')
                  : note === 'allSent'
                    ? t('sync.signout.allSent')
                    : t('sync.signout.left', { n: unsent.items })}
              </Alert.Description>
            </Alert.Root>
          )}
          <Stack gap="2">
            {unsent.items > 0 && (
              <Button colorPalette="brand" minH="11" onClick={() => void syncFirst()} loading={syncing} data-testid="signout-sync-first">
                <LuRefreshCw /> {t('sync.signout.syncFirst')}
              </Button>
            )}
            <Button variant="outline" minH="11" onClick={finish} disabled={syncing} data-testid="signout-keep">
              <LuLogOut /> {t('sync.signout.keep')}
            </Button>
            <Button variant="ghost" minH="11" onClick={cancel} disabled={syncing} data-testid="signout-cancel">
              {t('sync.signout.cancel')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Flex>
  );
}
