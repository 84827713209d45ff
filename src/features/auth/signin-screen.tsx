import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuLogIn, LuUserSearch } from 'react-icons/lu';
import { APP_VERSION } from '@contract/menu';
import type { LoginRequest } from '@contract/auth';
import { useT } from '@/lib/i18n';
import { afterSignInTarget, guardUserOf } from '@/lib/access';
import { shiftLanding } from '@/lib/shift-landing';
import { useOnline } from '@/lib/use-online';
import { Logo } from '@/ui/logo';
import { LanguageSwitch } from '@/ui/language-switch';
import { login, LoginError, loginErrorText } from './login';
import { checkLoginForm, type LoginFormErrors } from './login-form';
import { SigninField, SigninInput, SigninPasswordInput } from './signin-field';
import type { SigninSearch } from './auth-search';

export function SigninScreen({ search }: { search: SigninSearch }) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  // the failure itself, its text read when shown (the server's message follows a language switch)
  const [error, setError] = useState<LoginError | string | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The form without a form library (none on the first page): its two values, the messages of the last check, and
  // whether it was submitted once; from then on a message follows its field as the user types, as react-hook-form's
  // default (validate on submit, then on change) did.
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const change = (field: keyof LoginRequest) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(checkLoginForm(next).errors);
  };

  // 429: count down until the server lets the user try again.
  useEffect(() => {
    if (!waitUntil) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= waitUntil) {
        setWaitUntil(null);
        window.clearInterval(id);
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [waitUntil]);
  const waitSeconds = waitUntil ? Math.max(0, Math.ceil((waitUntil - now) / 1000)) : 0;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const checked = checkLoginForm(values);
    setErrors(checked.errors);
    if (checked.errors.username || checked.errors.password) {
      // the first field with a message takes the focus
      (checked.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await signIn(checked.values as LoginRequest);
    } finally {
      setSubmitting(false);
    }
  };

  async function signIn(values: LoginRequest) {
    setError(null);
    try {
      const { user } = await login(values.username, values.password);
      const gu = guardUserOf(user);
      const to = gu ? afterSignInTarget(search.redirect, gu) : '/';
      // a patrol on shift lands on Syif saya (issue #30) unless the sign-in was on its way to a page of its own
      await navigate({ to: to === '/' ? (shiftLanding(user) ?? to) : to, replace: true });
    } catch (err) {
      if (err instanceof LoginError) {
        if (err.kind === 'resetpassword') {
          await navigate({ to: '/resetpassword', search: { username: values.username.trim() } });
          return;
        }
        setError(err);
        if (err.retryAfterSeconds) {
          setNow(Date.now());
          setWaitUntil(Date.now() + err.retryAfterSeconds * 1000);
        }
        return;
      }
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Flex minH="100dvh" bg="surface.page">
      <Hero />
      <Flex flex="1" direction="column" minW="0">
        <Flex justify="flex-end" p="4">
          <LanguageSwitch />
        </Flex>
        <Flex flex="1" align="center" justify="center" px={{ base: '4', md: '8' }} pb="10">
          <Box w="full" maxW="420px">
            <Flex direction="column" align="center" mb="6" display={{ base: 'flex', lg: 'none' }} textAlign="center">
              <Logo size={64} />
              <Heading as="p" size="2xl" mt="3" color="brand.ink">
                {t('app.name')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('app.tagline')}
              </Text>
            </Flex>

            <Box bg="bg.panel" rounded="xl" borderWidth="1px" borderColor="border" boxShadow="md" p={{ base: '6', md: '8' }}>
              <Heading as="h1" size="xl" color="brand.ink">
                {t('signin.title')}
              </Heading>
              <Text color="fg.muted" fontSize="sm" mt="1" mb="6">
                {t('signin.subtitle')}
              </Text>

              {search.reason === 'expired' && !error && (
                <Alert.Root status="warning" mb="4" rounded="md" data-testid="signin-expired">
                  <Alert.Indicator />
                  <Alert.Title>{t('error.tokenCheck')}</Alert.Title>
                </Alert.Root>
              )}
              {search.reason === 'signedout' && !error && (
                <Alert.Root status="info" mb="4" rounded="md" data-testid="signin-signedout">
                  <Alert.Indicator />
                  <Alert.Title>{t('signin.signedOut')}</Alert.Title>
                </Alert.Root>
              )}
              {!online && (
                <Alert.Root status="warning" mb="4" rounded="md">
                  <Alert.Indicator />
                  <Alert.Description>{t('signin.offline')}</Alert.Description>
                </Alert.Root>
              )}
              {error && (
                <Alert.Root status="error" mb="4" rounded="md" data-testid="signin-error" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t('signin.failed')}</Alert.Title>
                    <Alert.Description wordBreak="break-word">{typeof error === 'string' ? error : loginErrorText(error)}</Alert.Description>
                    {waitSeconds > 0 && (
                      <Alert.Description mt="1" fontWeight="semibold" data-testid="signin-wait">
                        {t('signin.waitSeconds', { seconds: waitSeconds })}
                      </Alert.Description>
                    )}
                  </Alert.Content>
                </Alert.Root>
              )}

              <form onSubmit={onSubmit} noValidate>
                <Stack gap="4">
                  <SigninField label={t('signin.username')} error={errors.username?.message}>
                    {(control) => (
                      <SigninInput
                        {...control}
                        ref={usernameRef}
                        name="username"
                        value={values.username}
                        onChange={change('username')}
                        size="lg"
                        autoComplete="username"
                        autoCapitalize="none"
                        autoCorrect="off"
                        spellCheck={false}
                        autoFocus
                        data-testid="signin-username"
                      />
                    )}
                  </SigninField>
                  <SigninField label={t('signin.password')} error={errors.password?.message}>
                    {(control) => (
                      <SigninPasswordInput
                        {...control}
                        ref={passwordRef}
                        name="password"
                        value={values.password}
                        onChange={change('password')}
                        size="lg"
                        autoComplete="current-password"
                        data-testid="signin-password"
                      />
                    )}
                  </SigninField>
                  <Button
                    type="submit"
                    size="lg"
                    colorPalette="brand"
                    loading={isSubmitting}
                    loadingText={t('signin.submitting')}
                    disabled={waitSeconds > 0}
                    mt="2"
                    data-testid="signin-submit"
                  >
                    <LuLogIn /> {t('signin.submit')}
                  </Button>
                </Stack>
              </form>

              <Flex mt="6" pt="5" borderTopWidth="1px" borderColor="border.muted" align="center" justify="space-between" gap="3" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  {t('signin.checkUsernameHint')}
                </Text>
                <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm" minH="11" display="inline-flex" alignItems="center" gap="1.5">
                  <RouterLink to="/maintenance/checkusername" data-testid="link-checkusername">
                    <LuUserSearch /> {t('signin.checkUsername')}
                  </RouterLink>
                </Link>
              </Flex>
            </Box>
            <Text textAlign="center" mt="6" fontSize="xs" color="fg.muted">
              {t('app.version', { version: APP_VERSION })} · {t('signin.footer')}
            </Text>
          </Box>
        </Flex>
      </Flex>
    </Flex>
  );
}

function Hero() {
  const t = useT();
  return (
    <Flex
      display={{ base: 'none', lg: 'flex' }}
      direction="column"
      justify="space-between"
      w={{ lg: '44%', xl: '40%' }}
      maxW="620px"
      p="12"
      color="white"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="brand.950"
      position="relative"
      overflow="hidden"
    >
      <RoadArt />
      <Flex align="center" gap="3" position="relative">
        <Logo size={48} />
        <Box>
          <Text fontSize="xl" fontWeight="bold" letterSpacing="0.01em">
            {t('app.name')}
          </Text>
          <Text fontSize="sm" color="chrome.muted">
            {t('app.tagline')}
          </Text>
        </Box>
      </Flex>
      <Box position="relative" maxW="440px">
        <Text fontSize="xs" fontWeight="bold" letterSpacing="0.12em" textTransform="uppercase" color="amber.400" mb="3">
          {t('signin.heroTitle')}
        </Text>
        <Heading as="p" fontSize="3xl" lineHeight="1.25" fontWeight="semibold" mb="6">
          {t('signin.heroText')}
        </Heading>
        <List.Root gap="3" variant="plain">
          {(['signin.heroPoint1', 'signin.heroPoint2', 'signin.heroPoint3'] as const).map((k) => (
            <List.Item key={k} alignItems="center" color="chrome.fg">
              <List.Indicator asChild color="amber.400">
                <LuCircleCheck />
              </List.Indicator>
              {t(k)}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Text position="relative" fontSize="xs" color="chrome.muted">
        {t('app.version', { version: APP_VERSION })}
      </Text>
    </Flex>
  );
}

/** Faint lane markings behind the hero text. */
function RoadArt() {
  return (
    <Box position="absolute" inset="0" opacity={0.12} pointerEvents="none" aria-hidden>
      <svg width="100%" height="100%" viewBox="0 0 400 800" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
        <path d="M170 0 L20 800" stroke="#fff" strokeWidth="6" />
        <path d="M230 0 L380 800" stroke="#fff" strokeWidth="6" />
        <path d="M200 0 L200 800" stroke="#f4b400" strokeWidth="8" strokeDasharray="40 34" />
      </svg>
    </Box>
  );
}
