/**
 * /resetpasswordlink?token=… (issue #14, §7.1 /user/emailresetpasswordlink): the screen a one-time link opens, signed
 * out. It asks the server what the link is for (username, expiry) and then for the new password, with the rules of
 * user/resetPassword; the link works once. Its password never waits on the device: online only.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { Alert, Box, Button, Field, Flex, Heading, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuCircle, LuCircleCheck, LuKeyRound } from 'react-icons/lu';
import { ResetLinkUseSchema } from '@contract/users';
import { errorText, isApiError } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/users';
import { formatDateTime } from '@/lib/time';
import { Logo } from '@/ui/logo';
import { PasswordInput } from '@/ui/password-input';
import { checkResetLink, spendResetLink } from './users-api';

export function ResetLinkScreen({ token }: { token?: string }) {
  const t = useT();
  const info = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token!),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // failures as they came: shown in the language of the moment (serverText, errorText)
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const rules = [
    { key: 'reset.ruleLength', ok: password.length >= 8 },
    { key: 'reset.ruleLetter', ok: /[A-Za-z]/.test(password) },
    { key: 'reset.ruleDigit', ok: /[0-9]/.test(password) },
    { key: 'reset.ruleMatch', ok: confirm.length > 0 && confirm === password },
  ] as const;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const check = ResetLinkUseSchema.shape.newPassword.safeParse(password);
    if (!check.success) {
      setFieldError(check.error.issues[0]?.message ?? null);
      return;
    }
    if (confirm !== password) {
      setFieldError(t('users.link.mismatch'));
      return;
    }
    setFieldError(null);
    setError(null);
    setPending(true);
    try {
      await spendResetLink(token, password);
      setDone(true);
    } catch (err) {
      if (isApiError(err) && err.field === 'newPassword') setFieldError(err.statusMsg.replace(/^Input tidak sah: newPassword — /, ''));
      else setError(err);
    } finally {
      setPending(false);
    }
  };

  const refused = !token
    ? t('users.link.missing')
    : info.isError
      ? isApiError(info.error) && info.error.kind === 'http'
        ? info.error.shownMsg
        : errorText(info.error)
      : null;

  return (
    <Flex minH="100dvh" align="center" justify="center" bg="surface.page" px="4" py="10">
      <Box w="full" maxW="460px">
        <Flex align="center" gap="3" mb="6" justify="center">
          <Logo size={44} />
          <Box>
            <Text fontWeight="bold" fontSize="lg" color="brand.ink" lineHeight="1.2">
              {t('app.name')}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('app.tagline')}
            </Text>
          </Box>
        </Flex>
        <Box bg="bg.panel" rounded="xl" borderWidth="1px" borderColor="border" boxShadow="md" p={{ base: '6', md: '8' }} data-testid="reset-link">
          <Flex align="center" gap="2" color="brand.ink" mb="1">
            <LuKeyRound />
            <Heading as="h1" size="lg">
              {t('users.link.title')}
            </Heading>
          </Flex>

          {done ? (
            <Stack gap="4" mt="4">
              <Alert.Root status="success" rounded="md" data-testid="reset-link-done">
                <Alert.Indicator />
                <Alert.Description>{t('users.link.done')}</Alert.Description>
              </Alert.Root>
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to="/signin">{t('users.link.toSignin')}</RouterLink>
              </Button>
            </Stack>
          ) : refused ? (
            <Stack gap="4" mt="4">
              <Alert.Root status="error" rounded="md" data-testid="reset-link-refused">
                <Alert.Indicator />
                <Box>
                  <Alert.Title>{t('users.link.invalid')}</Alert.Title>
                  <Alert.Description>{refused}</Alert.Description>
                </Box>
              </Alert.Root>
              <Text fontSize="sm" color="fg.muted">
                {t('users.link.askAdmin')}
              </Text>
              <Button asChild variant="outline" minH="11">
                <RouterLink to="/signin">{t('users.link.toSignin')}</RouterLink>
              </Button>
            </Stack>
          ) : !info.data ? (
            <Stack gap="3" mt="4" aria-label={t('users.link.checking')}>
              <Skeleton h="4" w="70%" />
              <Skeleton h="11" />
              <Skeleton h="11" />
            </Stack>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Text color="fg.muted" fontSize="sm" mb="5" data-testid="reset-link-for">
                {t('users.link.subtitle', { username: info.data.username, at: formatDateTime(info.data.expiresAt) })}
              </Text>
              <Stack gap="4">
                {error != null && (
                  <Alert.Root status="error" rounded="md" role="alert" data-testid="reset-link-error">
                    <Alert.Indicator />
                    <Alert.Description wordBreak="break-word">{errorText(error)}</Alert.Description>
                  </Alert.Root>
                )}
                {/* the username for password managers */}
                <input type="text" name="username" autoComplete="username" value={info.data.username} readOnly hidden />
                <Field.Root invalid={!!fieldError} required>
                  <Field.Label>{t('users.link.newPassword')}</Field.Label>
                  <PasswordInput
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    autoComplete="new-password"
                    autoFocus
                    data-testid="reset-link-new"
                  />
                </Field.Root>
                <Field.Root invalid={!!fieldError} required>
                  <Field.Label>{t('users.link.confirm')}</Field.Label>
                  <PasswordInput
                    value={confirm}
                    onChange={(e) => setConfirm(e.currentTarget.value)}
                    autoComplete="new-password"
                    data-testid="reset-link-confirm"
                  />
                  {fieldError && <Field.ErrorText>{serverText(fieldError)}</Field.ErrorText>}
                </Field.Root>
                <Box bg="bg.subtle" rounded="md" p="3" borderWidth="1px" borderColor="border.muted">
                  <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em" mb="2">
                    {t('reset.rules')}
                  </Text>
                  <List.Root gap="1" variant="plain" fontSize="sm">
                    {rules.map((r) => (
                      <List.Item key={r.key} alignItems="center" color={r.ok ? 'green.fg' : 'fg.muted'} data-ok={r.ok}>
                        <List.Indicator asChild color={r.ok ? 'green.fg' : 'gray.400'}>
                          {r.ok ? <LuCircleCheck /> : <LuCircle />}
                        </List.Indicator>
                        {t(r.key)}
                      </List.Item>
                    ))}
                  </List.Root>
                </Box>
                <Button type="submit" size="lg" colorPalette="brand" loading={pending} data-testid="reset-link-submit">
                  {t('users.link.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Box>
      </Box>
    </Flex>
  );
}
