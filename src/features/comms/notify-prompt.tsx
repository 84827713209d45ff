import { useState } from 'react';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { LuBellRing } from 'react-icons/lu';
import '@/lib/i18n/parts/comms';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/** localStorage: this user said 'Tidak sekarang' (the prompt never shows again for them on this device). */
export const notifyDeclinedKey = (userId: string) => `lebuhraya.notifyPrompt.${userId}`;

function declined(userId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(notifyDeclinedKey(userId)) === 'no';
  } catch {
    return false;
  }
}

const permissionOpen = () => typeof Notification !== 'undefined' && Notification.permission === 'default';

/**
 * Asks once, politely, for system notifications (issue #6 item 4): shown in the comms area (the drawer, the bell's
 * list) while the browser has not been asked; never on page load by itself (the browser's question comes only from
 * 'Benarkan'), never again after 'Tidak sekarang' (remembered per user) or after the browser's answer.
 */
export function NotifyPrompt() {
  const t = useT();
  const userId = useSession()?.user.userId ?? '';
  const [hidden, setHidden] = useState(() => !userId || !permissionOpen() || declined(userId));
  if (hidden) return null;

  const allow = () => {
    setHidden(true);
    Notification.requestPermission().catch((err: unknown) => console.warn('[comms] notification permission', err));
  };
  const later = () => {
    setHidden(true);
    try {
      globalThis.localStorage?.setItem(notifyDeclinedKey(userId), 'no');
    } catch {
      /* private mode: hidden for this page only */
    }
  };

  return (
    <Alert.Root
      status="info"
      size="sm"
      rounded="none"
      py="2.5"
      px="3"
      borderBottomWidth="1px"
      borderColor="blue.emphasized"
      flexShrink={0}
      aria-label={t('comms.notifyPromptLabel')}
      data-testid="notify-prompt"
    >
      <Alert.Indicator>
        <LuBellRing />
      </Alert.Indicator>
      <Alert.Content gap="2">
        <Alert.Description fontSize="sm">{t('comms.notifyPermission')}</Alert.Description>
        <HStack gap="2">
          <Button size="xs" colorPalette="brand" onClick={allow} data-testid="notify-allow">
            {t('comms.notifyAllow')}
          </Button>
          <Button size="xs" variant="ghost" onClick={later} data-testid="notify-later">
            {t('comms.notifyLater')}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
