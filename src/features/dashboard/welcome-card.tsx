import { Box, Badge, DataList, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import { LuChevronRight, LuLogOut, LuUserRound } from 'react-icons/lu';
import { Link as RouterLink } from '@tanstack/react-router';
import { menuFor, type MenuItem } from '@contract/menu';
import type { WebUser } from '@contract/auth';
import { label, useLanguage, useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { Panel } from '@/ui/panel';
import { useRouteExists } from '@/ui/use-route-exists';

/** '/' for roles without the Dashboard permission (User, PRIMEADMIN, OTHERS): who you are and what you can open. */
export function WelcomeCard({ user }: { user: WebUser }) {
  const t = useT();
  const lang = useLanguage();
  const role = userRole(user);
  const exists = useRouteExists();
  const items = menuFor(role.name).flatMap((i) => (i.children ? i.children : [i]));

  return (
    <Box maxW="960px" data-testid="welcome-card">
      <Box
        rounded="xl"
        p={{ base: '6', md: '8' }}
        color="white"
        bgGradient="to-r"
        gradientFrom="brand.800"
        gradientTo="brand.600"
        mb="5"
        boxShadow="sm"
      >
        <Flex align="center" gap="4">
          <Flex w="14" h="14" rounded="full" bg="whiteAlpha.200" align="center" justify="center" flexShrink={0}>
            <LuUserRound size={28} />
          </Flex>
          <Box minW="0">
            <Heading as="h1" size="xl">
              {t('home.welcome', { name: user.profile.displayName })}
            </Heading>
            <Text color="whiteAlpha.800" mt="1" fontSize="sm">
              {t('home.welcomeText')}
            </Text>
          </Box>
        </Flex>
      </Box>

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        <Panel heading={t('topbar.account')}>
          <DataList.Root orientation="horizontal" px="4" py="4" gap="3">
            {[
              [t('user.displayName'), user.profile.displayName],
              [t('user.username'), user.userId],
              [t('user.role'), `${role.name} · ${role.label}`],
              [t('user.position'), user.profile.position],
              [t('user.staffNo'), user.profile.staffNo],
              [t('user.section'), user.section.sectionName],
              [t('user.region'), user.section.region.value],
            ].map(([k, v]) => (
              <DataList.Item key={k}>
                <DataList.ItemLabel minW="130px">{k}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">{v || '—'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Panel>
        <Panel heading={t('home.yourMenu')}>
          <Box py="2">
            {items.length <= 1 && (
              <Text px="4" py="2" fontSize="sm" color="fg.muted">
                {t('home.noScreens')}
              </Text>
            )}
            {items.map((item) => (
              <MenuRow key={item.key} item={item} available={exists(item.path)} text={label(item.labelKey, lang)} soon={t('menu.comingSoon')} />
            ))}
          </Box>
        </Panel>
      </Grid>
    </Box>
  );
}

function MenuRow({ item, available, text, soon }: { item: MenuItem; available: boolean; text: string; soon: string }) {
  const inner = (
    <Flex align="center" gap="3" px="4" minH="12" color={available ? 'brand.ink' : 'fg.muted'} _hover={available ? { bg: 'bg.subtle' } : undefined}>
      {item.key === 'logout' ? <LuLogOut /> : <LuChevronRight />}
      <Text flex="1" fontWeight="medium">
        {text}
      </Text>
      {!available && (
        <Badge size="sm" variant="outline" colorPalette="gray">
          {soon}
        </Badge>
      )}
    </Flex>
  );
  return available ? (
    <RouterLink to={item.path} data-testid={`welcome-menu-${item.key}`}>
      {inner}
    </RouterLink>
  ) : (
    <Box aria-disabled data-testid={`welcome-menu-${item.key}`}>
      {inner}
    </Box>
  );
}
