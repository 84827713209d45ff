import { useRegisterSW } from 'virtual:pwa-register/react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import { browserOnline } from '@/lib/online';
import '@/lib/i18n/parts/sync-status';
import { useSyncSnapshot } from '@/features/sync/sync-state';

const HOUR = 60 * 60 * 1000;
/** this tab's user clicked 'Muat semula' */
let reloadAsked = false;

/**
 * Registers the service worker. When a new version is waiting, asks: 'Versi baharu tersedia' + Muat semula.
 * Never reloads on its own (an open form is never lost to an update). Queued writes survive the reload: they live in
 * IndexedDB and the new version replays them; the prompt says so when there are any.
 */
export function UpdatePrompt() {
  const t = useT();
  const { unsent } = useSyncSnapshot();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (browserOnline()) registration.update().catch(() => {});
      }, HOUR);
    },
    onRegisterError(err) {
      console.warn('[sw] registration failed', err);
    },
    // Without this, workbox-window reloads every tab that showed the prompt as soon as the new version takes over
    // (another tab's 'Muat semula'), losing an open form there. This tab reloads only on its own click (below); the
    // others keep the prompt until their user reloads.
    onNeedReload() {
      if (!reloadAsked) setNeedRefresh(true);
    },
  });

  const reload = async () => {
    reloadAsked = true;
    // the new version may already control the page (another tab took the update): just reload
    const reg = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    if (!reg?.waiting) {
      window.location.reload();
      return;
    }
    // workbox-window only reloads by itself when the page was already controlled at load; a first-visit page
    // (controlled through clients.claim) would stay on the old version, so reload when the new worker takes over.
    let done = false;
    navigator.serviceWorker?.addEventListener(
      'controllerchange',
      () => {
        if (done) return;
        done = true;
        window.location.reload();
      },
      { once: true },
    );
    void updateServiceWorker(true);
  };

  if (!needRefresh) return null;
  return (
    <Box
      position="fixed"
      bottom="4"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      w="calc(100% - 32px)"
      maxW="460px"
      data-testid="update-prompt"
      role="status"
    >
      <Flex bg="brand.900" color="white" rounded="lg" boxShadow="lg" px="4" py="3" align="center" gap="3" wrap="wrap">
        <Box flex="1" minW="180px">
          <Text fontWeight="semibold">{t('app.updateAvailable')}</Text>
          <Text fontSize="sm" color="chrome.muted">
            {t('app.updateText')}
          </Text>
          {unsent > 0 && (
            <Text fontSize="sm" color="amber.300" mt="1" data-testid="update-unsent">
              {t('sync.update.kept', { n: unsent })}
            </Text>
          )}
        </Box>
        <HStack gap="2">
          <Button size="sm" minH="11" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => setNeedRefresh(false)}>
            {t('app.later')}
          </Button>
          <Button size="sm" minH="11" colorPalette="amber" onClick={() => void reload()} data-testid="update-reload">
            <LuRefreshCw /> {t('app.reload')}
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}
