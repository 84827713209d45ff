import { Link as RouterLink } from '@tanstack/react-router';
import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { LuCompass } from 'react-icons/lu';
import { useT } from '@/lib/i18n';

export function NotFound() {
  const t = useT();
  return (
    <Flex direction="column" align="center" justify="center" py="20" gap="3" textAlign="center" color="brand.ink" data-testid="not-found">
      <LuCompass size={40} />
      <Heading size="lg">404</Heading>
      <Text color="fg.muted">{t('app.notFound')}</Text>
      <Button asChild colorPalette="brand" minH="11" mt="2">
        <RouterLink to="/">{t('app.goHome')}</RouterLink>
      </Button>
    </Flex>
  );
}

export function RouteError({ error, reset }: { error: unknown; reset?: () => void }) {
  const t = useT();
  return (
    <Flex direction="column" align="center" justify="center" py="20" gap="3" textAlign="center" data-testid="route-error">
      <Heading size="md" color="red.fg">
        {t('app.unexpected')}
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="480px" wordBreak="break-word">
        {error instanceof Error ? error.message : String(error)}
      </Text>
      {reset && (
        <Button onClick={reset} variant="outline" minH="11">
          {t('app.retry')}
        </Button>
      )}
    </Flex>
  );
}
