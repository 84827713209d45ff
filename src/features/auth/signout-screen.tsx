import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import { signOut } from './sign-out';

/** /signout: logout call (network failure ignored), local data cleared, back to /signin. */
export function SignoutScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => {
      queryClient.clear();
      void navigate({ to: '/signin', search: { reason: 'signedout' }, replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <Flex minH="100dvh" align="center" justify="center" direction="column" gap="3" color="brand.900">
      <Spinner size="lg" color="brand.600" />
      <Text>{t('signout.working')}</Text>
    </Flex>
  );
}
