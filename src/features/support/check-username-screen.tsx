import { Link as RouterLink } from '@tanstack/react-router';
import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuUserSearch } from 'react-icons/lu';
import { APP_VERSION } from '@contract/menu';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { Logo } from '@/ui/logo';
import { LanguageSwitch } from '@/ui/language-switch';
import { UsernameCheckForm } from './username-check-form';

/** /maintenance/checkusername: reachable signed out, no side menu (§2.1, §2.2). */
export function CheckUsernameScreen() {
  const t = useT();
  const session = useSession();
  return (
    <Flex minH="100dvh" direction="column" bg="surface.page">
      <Flex as="header" align="center" justify="space-between" px={{ base: '4', md: '6' }} h="16" bg="brand.900" color="white">
        <Flex align="center" gap="3">
          <Logo size={34} />
          <Text fontWeight="bold">{t('app.name')}</Text>
        </Flex>
        <LanguageSwitch tone="dark" />
      </Flex>
      <Flex flex="1" justify="center" px="4" py={{ base: '8', md: '14' }}>
        <Box w="full" maxW="560px">
          <Box bg="bg.panel" rounded="xl" borderWidth="1px" borderColor="border" boxShadow="md" p={{ base: '6', md: '8' }}>
            <Flex align="center" gap="2" color="brand.ink">
              <LuUserSearch size={22} />
              <Heading as="h1" size="lg">
                {t('check.title')}
              </Heading>
            </Flex>
            <Text color="fg.muted" fontSize="sm" mt="1" mb="6">
              {t('check.subtitle')}
            </Text>
            <UsernameCheckForm autoFocus />
          </Box>
          <Flex justify="space-between" mt="5" align="center" wrap="wrap" gap="2">
            <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm" minH="11" display="inline-flex" alignItems="center" gap="1.5">
              <RouterLink to={session ? '/' : '/signin'} data-testid="check-back">
                <LuArrowLeft /> {session ? t('app.back') : t('check.toSignin')}
              </RouterLink>
            </Link>
            <Text fontSize="xs" color="fg.muted">
              {t('app.version', { version: APP_VERSION })}
            </Text>
          </Flex>
        </Box>
      </Flex>
    </Flex>
  );
}
